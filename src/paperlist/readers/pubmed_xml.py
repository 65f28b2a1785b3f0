"""PubMed XML (E-utilities' efetch, ``<PubmedArticleSet><PubmedArticle>...``) -> one ReadingList (pure).

The same fields as PubMed's MEDLINE text (medline.py), read safely and record by record where the document is
damaged (xmlsafe.py). Books and their chapters (``<PubmedBookArticle>``) are read too.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import keep_record, list_from_records, shared, would_keep
from paperlist.readers.xmlsafe import XmlSpans, kept_spans, records_of, text_of

RECORDS = ("PubmedArticle", "PubmedBookArticle")
_YEAR_RE = re.compile(r"\d{4}")


def _abstract(node: ElementTree.Element | None) -> str | None:
    """The abstract's sections, each after its label as PubMed's text shows them ("METHODS: ...")."""
    if node is None:
        return None
    parts = []
    for section in node.findall("AbstractText"):
        text = text_of(section)
        if text:
            label = section.get("Label")
            parts.append(f"{label}: {text}" if label and not text.startswith(label) else text)
    return " ".join(parts) or None


def _authors(owner: ElementTree.Element | None) -> list[str]:
    """The authors (not the editors) as "Family, Given", a group by its name."""
    people = []
    for author_list in owner.findall("AuthorList") if owner is not None else []:
        if author_list.get("Type", "authors") != "authors":
            continue
        for author in author_list.findall("Author"):
            family, given = text_of(author.find("LastName")), text_of(author.find("ForeName"))
            given = given or text_of(author.find("Initials"))
            name = f"{family}, {given}" if family and given else family or text_of(author.find("CollectiveName"))
            if name:
                people.append(name)
    return people


def _doi(*places: ElementTree.Element | None) -> str | None:
    for place in places:
        if place is None:
            continue
        for node in [*place.findall("ELocationID"), *place.findall("ArticleIdList/ArticleId")]:
            if (node.get("EIdType") or node.get("IdType")) == "doi" and (doi := clean_doi(text_of(node))):
                return doi
    return None


def _year(*dates: ElementTree.Element | None) -> str | None:
    for date in dates:
        if date is not None:
            found = _YEAR_RE.search(text_of(date.find("Year")) or text_of(date.find("MedlineDate")) or "")
            if found:
                return found.group()
    return None


def _record(element: ElementTree.Element) -> tuple[str | None, Record]:
    citation = element.find("MedlineCitation")
    book = element.find("BookDocument")
    article = citation.find("Article") if citation is not None else book
    pubmed_data = element.find("PubmedData")
    owner = citation if citation is not None else book
    if article is None or owner is None:
        return None, Record()
    journal = article.find("Journal")
    issue = journal.find("JournalIssue") if journal is not None else None
    book_part = article.find("Book")
    title = (text_of(article.find("ArticleTitle")) or text_of(article.find("VernacularTitle"))
             or text_of(book_part.find("BookTitle") if book_part is not None else None))
    abstract_node = article.find("Abstract")
    abstract = _abstract(abstract_node if abstract_node is not None else owner.find("Abstract"))
    if journal is not None:
        venue = text_of(journal.find("Title")) or text_of(journal.find("ISOAbbreviation"))
    else:  # a chapter's container is its book; a book has none
        chapter = book_part is not None and article.find("ArticleTitle") is not None
        venue = text_of(book_part.find("BookTitle")) if chapter else None
    year = _year(issue.find("PubDate") if issue is not None else None, article.find("ArticleDate"),
                 book_part.find("PubDate") if book_part is not None else None)
    pmid = text_of(owner.find("PMID"))
    doi = _doi(article, book, pubmed_data)
    pages = text_of(article.find("Pagination/MedlinePgn"))
    if not pages:
        start, end = text_of(article.find("Pagination/StartPage")), text_of(article.find("Pagination/EndPage"))
        pages = f"{start}-{end}" if start and end else start
    kinds = [k for node in article.findall("PublicationTypeList/PublicationType") if (k := text_of(node))]
    keywords = [k for node in [*owner.findall("MeshHeadingList/MeshHeading/DescriptorName"),
                               *owner.findall("KeywordList/Keyword")] if (k := text_of(node))]
    url = doi_url(doi) if doi else f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/" if pmid else None
    authors = _authors(article) or _authors(book_part)  # a chapter's authors, else the book's
    record = Record(title, "; ".join(authors) or None, shared(year), shared(venue), doi, url, None,
                    title_only=abstract is None,
                    volume=text_of(issue.find("Volume")) if issue is not None else None,
                    issue=text_of(issue.find("Issue")) if issue is not None else None, pages=pages,
                    source_id=pmid, kind=shared(kinds[0]) if kinds else None, keywords="; ".join(keywords) or None)
    return abstract or title, record


def parse_pubmed_xml(text: str, path: str) -> ReadingList:
    """Every ``<PubmedArticle>`` and ``<PubmedBookArticle>`` with a title or an abstract (or what stands in for
    them); authors "Family, Given" from ``LastName`` and ``ForeName``."""
    warnings: list[Diagnostic] = []
    elements = records_of(text, path, warnings, RECORDS, "XML declares entities (refused: no PubMed export "
                                                         "needs them)")
    records: list[tuple[int, str, Record]] = []
    for line, element in elements:
        snippet_text, record = _record(element)
        keep_record(records, warnings, path, line, snippet_text, record, record.source_id,
                    "title, abstract, journal, authors, DOI or PMID")
    return list_from_records(records, path, None, "pubmed-xml", warnings)


def _kept(element: ElementTree.Element) -> bool:
    text, record = _record(element)
    return would_keep(text, record, record.source_id)


def record_spans(text: str) -> XmlSpans | None:
    """Where each record ``parse_pubmed_xml`` keeps lies in ``text``, by its index (``kept_spans``)."""
    return kept_spans(text, RECORDS, _kept)
