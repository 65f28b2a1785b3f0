"""Write the input-format fixtures of tests/test_formats.py (run from this folder; review the diff).

Every file is written by hand here, shaped after real exports and alerts: a Scholar alert of each kind (HTML
in multipart/alternative, plain text), an mbox with a non-alert message, awkward BibTeX and RIS, and Zotero,
Scopus and Web of Science table exports. One paper ("Why Generated Code Fails Its Tests") is in all of them.
"""

import csv
import io
import quopri
import textwrap
from urllib.parse import quote

ABSTRACT = ("Large language models write code that compiles but often fails its tests. We study why, using a "
            "benchmark of two thousand tasks drawn from open-source projects, and find that most failures come "
            "from misread specifications rather than from syntax")
WHY = ("Why Generated Code Fails Its Tests", "https://example.org/papers/why-code-fails", "4411",
       "A Author, B Writer - Proceedings of the Code Conference, 2025")
FUZZ = ("Fuzzing Compilers with Grammars", "https://example.org/papers/fuzz", "5522",
        "C Tester - arXiv preprint arXiv:2501.00001, 2025",
        "Compilers are tested with hand-written programs that miss corner cases. We generate programs from a "
        "grammar of the language and find forty bugs in two production compilers over six weeks of fuzzing …")
FLAKY = ("Repairing Flaky Tests Automatically", "https://example.org/papers/flaky", "6633",
         "D Fixer, E Mender - Journal of Testing, 2024",
         "Flaky tests pass and fail on the same code. We locate the source of flakiness with repeated runs under "
         "controlled schedules and repair two thirds of the flaky tests in a corpus of nine hundred projects …")


def cut(text: str, chars: int) -> str:
    return text[:chars].rstrip() + " …"


def html_body(items) -> str:
    parts = ["<html><body><div>"]
    for title, url, cluster, byline, snippet in items:
        href = (f"http://scholar.google.com/scholar_url?url={quote(url, safe=':/')}&amp;hl=en&amp;sa=X&amp;"
                f"d={cluster}&amp;scisig=X&amp;oi=scholaralrt")
        lines = textwrap.wrap(snippet.replace(" …", "&nbsp;…"), 80)
        parts.append(f'<h3 style="font-weight:normal"><span>[PDF]</span> <a href="{href}" class="gse_alrt_title" '
                     f'style="color:#1a0dab">{title}</a></h3><div style="color:#006621">{byline}</div>'
                     f'<div class="gse_alrt_sni">{" <br>".join(lines)}</div><br>')
    return "".join(parts) + "</div></body></html>"


def plain_body(items) -> str:
    return "\n".join(f"[PDF] {title}\n{byline}\n" + "\n".join(textwrap.wrap(snippet, 72)) +
                     f"\n<http://scholar.google.com/scholar_url?url={url}&hl=en&d={cluster}>\n"
                     for title, url, cluster, byline, snippet in items)


def qp(text: str) -> str:
    return quopri.encodestring(text.encode()).decode()


def main() -> None:
    cited = [(*WHY, cut(ABSTRACT, 200)), FUZZ]
    with open("citations.eml", "w") as out:
        out.write("From: Google Scholar Alerts <scholaralerts-noreply@google.com>\n"
                  "Subject: Jane Q. Researcher - new citations\nDate: Mon, 03 Nov 2025 10:00:00 -0000\n"
                  'MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary="BOUND"\n\n'
                  "--BOUND\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: quoted-printable\n\n"
                  + qp(plain_body(cited)) + "\n--BOUND\nContent-Type: text/html; charset=UTF-8\n"
                  "Content-Transfer-Encoding: quoted-printable\n\n" + qp(html_body(cited)) + "\n--BOUND--\n")
    with open("alerts.mbox", "w") as out:
        out.write("From scholaralerts-noreply@google.com Mon Nov  3 10:00:00 2025\n"
                  "From: Google Scholar Alerts <scholaralerts-noreply@google.com>\n"
                  'Subject: new results for "code generation"\nMIME-Version: 1.0\n'
                  "Content-Type: text/plain; charset=UTF-8\n\n" + plain_body([(*WHY, cut(ABSTRACT, 140))]) + "\n"
                  "From colleague@example.org Tue Nov  4 09:00:00 2025\nFrom: A Colleague <colleague@example.org>\n"
                  "Subject: lunch?\n\nAre you free at noon?\n>From the canteen, with love.\n\n"
                  "From scholaralerts-noreply@google.com Wed Nov  5 10:00:00 2025\n"
                  "From: Google Scholar Alerts <scholaralerts-noreply@google.com>\n"
                  "Subject: Software Testing - new articles\nMIME-Version: 1.0\n"
                  "Content-Type: text/html; charset=UTF-8\nContent-Transfer-Encoding: quoted-printable\n\n"
                  + qp(html_body([FLAKY])) + "\n")
    with open("refs.bib", "w") as out:
        out.write(r"""@comment{Related papers: Testing Code Written by Models}
% a line comment that BibTeX ignores
@string{conf = "Proceedings of the Code Conference"}

@inproceedings{author2025why,
  title     = {Why Generated Code Fails Its {T}ests},
  author    = {Author, A. and Writer, B{\"o}rje},
  booktitle = conf # ", 2025",
  year      = 2025,
  doi       = {10.5555/CODE.2025.1},
  abstract  = {""" + "\n               ".join(textwrap.wrap(ABSTRACT, 70)) + r"""}
}

@article{m{\"u}ller2024,
  title = "Schr{\"o}dinger's {Bug}: {N}ested {{Braces}} and Accents in {\'E}tudes",
  author = {M{\"u}ller, J{\"u}rgen and {\v{S}}koda, Ale{\v{s}}},
  journal = {Journal of {LaTeX} Oddities},
  year = {2024},
  abstract = {We show that na{\"\i}ve parsers lose accents and braces. Our parser keeps both---and more.}
}

@misc{titleonly2023, title = {A Paper Known Only by Its Title}, year = 2023}

@article{missingbrace,
  title = {This entry is never closed,
  year = 2022

@book{nofields2020, year = 2020}
""")
    with open("refs.ris", "w") as out:
        out.write("TY  - CONF\nTI  - Why Generated Code Fails Its Tests\nAU  - Author, A.\nAU  - Writer, B.\n"
                  "PY  - 2025///\nDO  - https://doi.org/10.5555/code.2025.1\nAB  - "
                  + "\n  ".join(textwrap.wrap(cut(ABSTRACT, 180), 60)) + "\nER  - \n\n"
                  "TY  - JOUR\nT1  - Repairing Flaky Tests Automatically\nA1  - Fixer, D.\nY1  - 2024\n"
                  "N2  - Flaky tests pass and fail on the same code.\nUR  - https://example.org/papers/flaky\n"
                  "TY  - JOUR\nTI  - A Record Without Its End\nAB  - The record before this one has no ER line.\n")
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\r\n")
    writer.writerow(["Key", "Item Type", "Publication Year", "Author", "Title", "Publication Title", "DOI", "Url",
                     "Abstract Note"])
    writer.writerow(["ABCD", "journalArticle", "2024", "Fixer, D.; Mender, E.", FLAKY[0], "Journal of Testing", "",
                     FLAKY[1], FLAKY[4][:96] + "\n" + FLAKY[4][97:]])
    writer.writerow(["EFGH", "conferencePaper", "2025", "Author, A.", WHY[0], "", "10.5555/code.2025.1", "", ""])
    with open("zotero.csv", "w", encoding="utf-8-sig", newline="") as out:
        out.write(table.getvalue())
    table = io.StringIO()
    writer = csv.writer(table, delimiter=";", lineterminator="\n")
    writer.writerow(["Authors", "Title", "Year", "Source title", "DOI", "Link", "Abstract"])
    writer.writerow(["Tester C.", FUZZ[0], "2025", "arXiv", "", "", FUZZ[4]])
    with open("scopus.csv", "w", newline="") as out:
        out.write(table.getvalue())
    with open("wos.tsv", "w") as out:
        out.write("PT\tAU\tTI\tSO\tPY\tDI\tAB\nJ\tFixer, D\tRepairing Flaky Tests Automatically\tJournal of Testing\t"
                  "2024\t\tFlaky tests pass and fail on the same code.\n")
    with open("list.txt", "w") as out:
        out.write("Related papers: Testing Code Written by Models\n\n" + cut(ABSTRACT, 230) + "\n\n"
                  "An unrelated snippet about scheduling GPU clusters at night for deep learning jobs…\n")


if __name__ == "__main__":
    main()
