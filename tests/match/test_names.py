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
            "YANG Y; LI W": (["YANG, Y", "LI, W"], False),  # Derwent's patents in Web of Science
            "Smith, John": (["Smith, John"], False),
            "Ada Lovelace and Charles Babbage": (["Lovelace, Ada", "Babbage, Charles"], False),
            "Knuth, D and others": (["Knuth, D"], True),
            "": ([], False),
        }
        for given, expected in cases.items():
            with self.subTest(given=given):
                self.assertEqual(split_authors(given), expected)

    def test_a_name_written_family_first_with_given_names_is_one_person(self):
        cases = {
            "Smith, John Paul": ["Smith, John Paul"],  # RIS, EndNote: one name per field, one author
            "De Souza, J. R.": ["De Souza, J. R."],
            "Moreau J, Lind M.": ["Moreau, J", "Lind, M."],  # PubMed's CSV
            "van der Berg, Jan Willem": ["van der Berg, Jan Willem"],
            "Reader, R. & Co": ["Reader, R. & Co"],
            "Garcia Marquez, Gabriel Jose; Smith, John": ["Garcia Marquez, Gabriel Jose", "Smith, John"],
            # BibTeX's "and" between names written family first
            "Shepherd, Amy B. and de Latour, R. P. and Van Heugten, Caroline M.":
                ["Shepherd, Amy B.", "de Latour, R. P.", "Van Heugten, Caroline M."],
            # whole names on both sides of a comma are two people
            "John Smith, Jane Doe": ["Smith, John", "Doe, Jane"],
            "Karpman D, Tati R": ["Karpman, D", "Tati, R"],
            "Z Chen, S Kommrusch and M Monperrus": ["Chen, Z", "Kommrusch, S", "Monperrus, M"],
        }
        for given, expected in cases.items():
            with self.subTest(given=given):
                self.assertEqual(split_authors(given), (expected, False))

    def test_a_particle_before_the_family_name_belongs_to_it(self):
        cases = {
            "Jan van der Berg, Ludwig van Beethoven": ["van der Berg, Jan", "van Beethoven, Ludwig"],
            "Martine De Cock; Luc Van Gool; João da Silva": ["De Cock, Martine", "Van Gool, Luc", "da Silva, João"],
            "M De Cock, J de la Fontaine": ["De Cock, M", "de la Fontaine, J"],  # Scholar's initials first
            # Vietnamese given names end in "Van" or "Le" as often as Dutch family names start with them
            "Anh Van Nguyen; Thi Le Tran": ["Nguyen, Anh Van", "Tran, Thi Le"],
            "Van de Ven; Smith, J": ["Van de Ven", "Smith, J"],  # a family name alone
            "Di Wu; Le Quan": ["Wu, Di", "Quan, Le"],  # two words: a given name, then the family's
        }
        for given, expected in cases.items():
            with self.subTest(given=given):
                self.assertEqual(split_authors(given), (expected, False))

    def test_a_generational_suffix_is_part_of_the_name(self):
        cases = {
            # Web of Science's AF and RIS write "Family, Given, Suffix"; BibTeX "Family, Suffix, Given"
            "Roach, Mack, III; Hanks, Gerald; Thames, Howard, Jr.": ["Roach, Mack, III", "Hanks, Gerald",
                                                                     "Thames, Howard, Jr."],
            "King, Martin Luther, Jr.": ["King, Martin Luther, Jr."],
            "Ford, Jr., Henry and Doe, Jane": ["Ford, Henry, Jr.", "Doe, Jane"],
            "Petrov, IV; Smith, J": ["Petrov, IV", "Smith, J"],  # initials, not a suffix
        }
        for given, expected in cases.items():
            with self.subTest(given=given):
                self.assertEqual(split_authors(given), (expected, False))

    def test_an_organisation_holding_commas_is_one_author_among_others(self):
        # BibTeX's braced "{Council on Cardiopulmonary, Critical Care, ...}", one name a part as readers join them
        found = split_authors("Rea, Thomas D; Council on Cardiopulmonary, Critical Care, Perioperative and "
                              "Resuscitation; Council on Clinical Cardiology")
        council = "Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation"
        self.assertEqual(found, (["Rea, Thomas D", council, "Council on Clinical Cardiology"], False))
        # without one name a part, a comma still separates people
        self.assertEqual(split_authors("World Health Organization, J Smith")[0],
                         ["World Health Organization", "Smith, J"])

    def test_a_family_name_with_initials_is_a_person_whatever_the_word(self):
        cases = {
            "Jemal A.; Center M.M.; Ferlay J.": ["Jemal, A.", "Center, M.M.", "Ferlay, J."],  # Scopus
            "Scandinavian Simvastatin Survival Study Group": ["Scandinavian Simvastatin Survival Study Group"],
        }
        for given, expected in cases.items():
            with self.subTest(given=given):
                self.assertEqual(split_authors(given), (expected, False))


if __name__ == "__main__":
    unittest.main()
