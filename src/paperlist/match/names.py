"""An author list as each source writes it -> one "Family, Given" per person (pure).

Sources disagree on separators: RIS, MEDLINE and BibTeX give one name each (read as ``"; "``-joined), CSV and
Scopus exports write "Last, F.; Last, F." or "Last, F and Last, F", and Google Scholar "Z Chen, S Kommrusch,
M Monperrus…" (initials first, commas between people, an ellipsis when it cut the list).
"""

from __future__ import annotations

import re

_INITIALS_RE = re.compile(r"^(?:[A-Z]\.?[\s-]*){1,4}$")
_ONE_LETTER_RE = re.compile(r"^[A-Z]\.?$")
_AND_RE = re.compile(r"\s+and\s+")
_ELLIPSIS_RE = re.compile(r"\s*(?:…|\.\.\.)\s*$")
_SUFFIX_RE = re.compile(r"^(?:Jr|Sr|II|III|IV|2nd|3rd)\.?$", re.IGNORECASE)
# Words that open a family name ("Jan van der Berg", "Martine De Cock", "João da Silva"), in any case.
_PARTICLES = frozenset({"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "dos", "das", "des", "la",
                        "le", "ten", "ter", "zu", "dal"})
# ... except "Van" and "Le" before a Vietnamese family name: "Anh Van Nguyen" is given names, then Nguyen.
_VIETNAMESE_FAMILIES = frozenset({"Nguyen", "Tran", "Le", "Pham", "Hoang", "Huynh", "Phan", "Vu", "Vo", "Dang", "Bui",
                                  "Do", "Ho", "Ngo", "Duong", "Ly"})


# Words that make a name an organisation's ("Centers for Disease Control and Prevention"): kept whole, never
# split at its "and" nor turned family-first.
_ORGANISATION_RE = re.compile(
    r"\b(?:Cent(?:er|re)s?|Institutes?|Organi[sz]ations?|Associations?|Societ(?:y|ies)|Council|Committee|Departments?|"
    r"Agency|Universit(?:y|ies)|Foundation|Consortium|Collaboration|Group|Network|Program(?:me)?|Initiative|Office|"
    r"Ministry|Board|Commission|Authority|Federation|Alliance|Administration|Services?|Laborator(?:y|ies)|Team|"
    r"Project|Working Party|Task Force|Investigators)\b")


def is_organisation(name: str, one_name: bool = False) -> bool:
    """Whether an author is an organisation: several words, one of them saying so, and not a family name with
    initials (Scopus's "Center M.M." is a person). A comma says a person ("Center, M."), unless the text is known to
    be ``one_name`` and an organisation comes before its first comma ("Council on Cardiopulmonary, Critical Care,
    Perioperative and Resuscitation")."""
    if "," in name:
        if not one_name:
            return False
        name = name.split(",", 1)[0]
    if not _ORGANISATION_RE.search(name):
        return False
    words = name.split()
    return len(words) > 1 and not (len(words) == 2 and _INITIALS_RE.match(words[1]) and not _INITIALS_RE.match(words[0]))


def _given(piece: str) -> bool:
    """Whether the piece after a comma is a given name or initials ("J", "J.R.", "Jean"), not another person."""
    return " " not in piece.strip() or bool(_INITIALS_RE.match(piece.strip()))


def _whole_name(piece: str) -> bool:
    """Whether a piece can be a person's whole name: several words, not initials alone, no lower-case particle
    first ("van der Berg" is a family name)."""
    return " " in piece and piece[0].isupper() and not _INITIALS_RE.match(piece)


def _persons(part: str, listed: bool = False) -> list[str]:
    """One separator-free part: a person, or people separated by commas. ``listed``: the part is one of a list of
    names, so two pieces are one person ("Garcia Marquez, Gabriel Jose")."""
    pieces = [p.strip() for p in part.split(",") if p.strip()]
    if len(pieces) <= 1:
        return pieces
    # A generational suffix is part of the name: "Roach, Mack, III" (Web of Science, RIS), "Ford, Jr., Henry"
    # (BibTeX), both kept as "Family, Given, Suffix".
    if len(pieces) == 3 and _SUFFIX_RE.match(pieces[2]) and not _SUFFIX_RE.match(pieces[1]):
        return [", ".join(pieces)]
    if len(pieces) == 3 and _SUFFIX_RE.match(pieces[1]) and pieces[2][0].isupper() and not _SUFFIX_RE.match(pieces[2]):
        return [f"{pieces[0]}, {pieces[2]}, {pieces[1]}"]
    # Otherwise two people only when both sides are whole names ("Z Chen, S Kommrusch"): "Smith, John Paul",
    # "van der Berg, Jan Willem" and "De Souza, J. R." are one person written family first.
    if len(pieces) == 2 and (listed or not all(map(_whole_name, pieces))):
        return [f"{pieces[0]}, {pieces[1]}"]
    if all(" " in p for p in pieces):  # "Z Chen, S Kommrusch": each piece is a person
        return pieces
    if len(pieces) % 2 == 0 and all(_given(p) for p in pieces[1::2]):  # "Zuber, J, Le Quintrec, M"
        return [f"{family}, {given}" for family, given in zip(pieces[::2], pieces[1::2])]
    return pieces


def family_first(person: str) -> str:
    """A name as "Family, Given": "Z Chen" -> "Chen, Z"; "Chen Z" (MEDLINE style) -> "Chen, Z"; a name with a
    comma or of one word as it is.

    >>> family_first("Z Chen"), family_first("Chen ZY"), family_first("Le Quintrec, M"), family_first("Plato")
    ('Chen, Z', 'Chen, ZY', 'Le Quintrec, M', 'Plato')
    >>> family_first("Jan van der Berg"), family_first("M De Cock")
    ('van der Berg, Jan', 'De Cock, M')
    """
    if "," in person or " " not in person or is_organisation(person):
        return person
    words = person.split()
    first, last = words[0], words[-1]
    before = person.rpartition(" ")[0]
    # "Chen ZY" (MEDLINE), "YANG Y" (Derwent's patents): a family name of capitals is no initials before one letter
    capitals_then_initial = len(words) == 2 and len(first) > 1 and first.isalpha() and _ONE_LETTER_RE.match(last)
    if _INITIALS_RE.match(last) and (not _INITIALS_RE.match(first) or capitals_then_initial):
        return f"{before}, {last}"
    start = len(words) - 1  # where the family name starts: its particles go with it
    while start > 0 and _particle(words[start - 1], words[-1]):
        start -= 1
    if start == 0:  # "Van de Ven" is a family name alone; "Di Wu" is Di of the Wu family
        return person if len(words) > 2 else f"{last}, {before}"
    return f"{' '.join(words[start:])}, {' '.join(words[:start])}"


def _particle(word: str, family: str) -> bool:
    return word.lower() in _PARTICLES and not (word[0].isupper() and family in _VIETNAMESE_FAMILIES)


def split_authors(authors: str | None) -> tuple[list[str], bool]:
    """The people of an author list, each "Family, Given" where the source tells, and whether the list was cut
    short ("…").

    >>> split_authors("Z Chen, S Kommrusch, M Monperrus…")
    (['Chen, Z', 'Kommrusch, S', 'Monperrus, M'], True)
    >>> split_authors("Zuber, J and Le Quintrec, M and Sberro-Soussan, R")
    (['Zuber, J', 'Le Quintrec, M', 'Sberro-Soussan, R'], False)
    >>> split_authors("Lee, Ann; van der Berg, Jan and Kim, B")
    (['Lee, Ann', 'van der Berg, Jan', 'Kim, B'], False)
    """
    text = (authors or "").strip()
    cut = bool(_ELLIPSIS_RE.search(text))
    text = _ELLIPSIS_RE.sub("", text).strip().rstrip(",")
    # Exports mix them: "A, B; C, D and E, F"; OpenAlex joins its names with "|".
    joined = text.replace("|", ";").split(";")
    # One name a part, as readers join one name per field: an organisation there may hold commas ("Council on
    # Cardiopulmonary, Critical Care, Perioperative and Resuscitation", braced in BibTeX).
    whole = {p.strip() for p in joined if is_organisation(p, one_name=len(joined) > 1)}
    parts = [q for p in joined for q in ([p.strip()] if p.strip() in whole else _AND_RE.split(p))]
    # One name per part where the source joins them so: by ";" (as readers join one name per field), or by "and"
    # between names written family first ("Van Heugten, Caroline M. and Wade, Derick T.", BibTeX's way).
    listed = len(joined) > 1 or (len(parts) > 1 and all("," in part for part in parts))
    people = [family_first(p) for part in parts
              for p in ([part] if part in whole or is_organisation(part) else _persons(part, listed))]
    return [p for p in people if p and p.lower() != "others"], cut or any(p.strip().lower() == "others" for p in parts)
