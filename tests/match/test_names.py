import unittest

from paperlist.match.names import split_authors


class SplitAuthorsTest(unittest.TestCase):
    def test_each_source_s_way_of_listing_people(self):
        cases = {
            "Z Chen, S Kommrusch, M Monperrus…": (["Chen, Z", "Kommrusch, S", "Monperrus, M"], True),  # Scholar
            "Zuber, J and Le Quintrec, M and Sberro-Soussan, R": (["Zuber, J", "Le Quintrec, M", "Sberro-Soussan, R"],
                                                                 False),  # CSV exports
            "Lee, Ann; van der Berg, Jan": (["Lee, Ann", "van der Berg, Jan"], False),  # RIS / BibTeX as read
            "Chen ZY; Smith J": (["Chen, ZY", "Smith, J"], False),  # MEDLINE
            "Smith, John": (["Smith, John"], False),
            "Ada Lovelace and Charles Babbage": (["Lovelace, Ada", "Babbage, Charles"], False),
            "Knuth, D and others": (["Knuth, D"], True),
            "": ([], False),
        }
        for given, expected in cases.items():
            with self.subTest(given=given):
                self.assertEqual(split_authors(given), expected)


if __name__ == "__main__":
    unittest.main()
