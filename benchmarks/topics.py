"""How well automatic topics and distinctive terms agree with arXiv's own categories.

    python benchmarks/topics.py [--data ../shared/data]

1. Automatic topics: one list per daily arXiv listing (abstracts cut at 250 characters), `paperlist export
   --tags auto`; each paper's topic is the first of its topics in the order `--tags auto` found them (the most
   frequent first), or "none". Agreement with the paper's primary arXiv category: normalised mutual information
   (arithmetic mean normalisation) and purity, against a baseline that gives each paper the topic of its single
   most frequent term (the term held by most papers of the collection).
3. Subjects recovered, side by side with TF-IDF + NMF (scikit-learn, the method litstudy uses; skipped with a
   message when absent): every arXiv category a paper carries (primary or cross-list) held by at least 100
   papers is a subject; a subject's F1 is that of the topic that matches it best (paperlist: the papers a topic
   tags; NMF: the papers whose largest weight is that topic, 15 and 25 topics), and the figure is the mean;
   paperlist's is the mean over ORDERS orders of the papers (its clusters start from papers picked by place).
5. Reviews pooled (the regime of alerts: a few hundred short texts with titles, subjects named by someone else):
   150 records of each shared screening and de-duplication set (their titles, and abstracts where the set has
   them, cut at 250 characters), each paper's subject the review it came from;
   mean F1 as in 3, paperlist against NMF, on samples of 100, 150, 200, 250 and 300 records a review, and each
   method's mean over them.
6. With --survey README.md: the paper list of a survey of large language models for software engineering
   (github.com/iSEngLab/AwesomeLLM4SE, its README.md, not kept here: it carries no licence), the regime of the
   owner's alerts: one field, titles only, subjects of two words. The titles under its "SE with LLMs" sections;
   each section (a task: program repair, code review, fuzzing, ...) of at least 20 papers is a subject;
   mean F1 as in 3, on the whole list and on five subsamples that each leave out a fifth of it, and each
   method's mean over the six.
7. With --lists FILE...: paper lists of one field, each its own subject, pooled (the owner's alerts: one alert a
   subject, "fuzzing", "program repair", "smart contracts"): curated Markdown lists ("- [Title](link)",
   "- **Title.**", "- Title. **`Venue`**") or an HTML page of Google Scholar links, a list's subject its file
   name. Titles only; samples of 100, 150 and 200 titles a list, and of 100 and 150 from each list's second
   title on; mean F1 as in 3, and each method's mean over the five samples.
8. With --labelled FILE: 456 papers on language models for code from software engineering, programming
   language, security and NLP venues of 2023-2024, with abstracts (cut at 250 characters, as a Scholar alert
   shows them) and the labels their curators gave them (github.com/wcphkust/LLM-PLSE-paper,
   data/labeldata/labeldata.json; not kept here: it carries no licence); the owner's regime with snippets, not
   only titles. Each task label (TASK_LABELS) held by at least 15 papers is a subject (a paper may hold several);
   mean F1 as in 3, on the whole set and five subsamples as in 6.
4. With --speed N: `paperlist summarize` with and without `--tags auto` on the N-snippet corpus of
   benchmarks/generate.py, one child process each, in one run (target: --tags auto within 2x).
2. Distinctive terms: one list per primary category (cs.CV, cs.CL, cs.AI, cs.GR; 400 papers each), `paperlist
   summarize --terms 20`; a list's top 3 distinctive terms "name its subject" when they hold a word of that
   category's arXiv description (CATEGORY_WORDS, below).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from paperlist.tagging.topics import rank_terms, term_counts  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from arxiv import cut, distinct as records  # noqa: E402

# Words of arXiv's category descriptions (https://arxiv.org/category_taxonomy), lower case.
CATEGORY_WORDS = {
    "cs.CV": {"image", "images", "vision", "visual", "video", "videos", "scene", "pattern", "recognition", "3d",
              "segmentation", "detection", "pixel", "camera", "object", "objects"},
    "cs.CL": {"language", "languages", "linguistic", "text", "speech", "translation", "nlp", "lexical", "word",
              "words", "dialogue", "llm", "llms"},
    "cs.AI": {"reasoning", "agent", "agents", "planning", "knowledge", "expert", "logic", "uncertainty", "search",
              "decision"},
    "cs.GR": {"graphics", "rendering", "geometry", "geometric", "mesh", "animation", "modeling", "shape", "3d",
              "gaussian", "splatting", "surface"},
}
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PAPERLIST_CACHE": "off"}  # each timed run finds its topics
ORDERS = 5  # orders of the papers paperlist's topics are found in, in the subject tables


def nmi_and_purity(truth: list[str], found: list[str]) -> tuple[float, float]:
    n = len(truth)
    joint = Counter(zip(truth, found))
    a, b = Counter(truth), Counter(found)
    mutual = sum(c / n * math.log(c * n / (a[t] * b[f])) for (t, f), c in joint.items())
    entropy = lambda counts: -sum(c / n * math.log(c / n) for c in counts.values())  # noqa: E731
    denominator = (entropy(a) + entropy(b)) / 2
    purity = sum(max(c for (t, f), c in joint.items() if f == cluster) for cluster in b) / n
    return (mutual / denominator if denominator else 0.0), purity


def paperlist(*argv: str) -> str:
    return subprocess.run([sys.executable, "-m", "paperlist", *argv, "-q"], env=ENV, capture_output=True,
                          text=True, check=True).stdout


def topics_agreement(data: Path) -> None:
    by_day: dict[str, list[tuple[str, str]]] = {}
    category: dict[str, str] = {}
    for day, record in records(data):
        by_day.setdefault(day, []).append((record["id"], cut(record["summary"])))
        category[cut(record["summary"])] = record["categories"][0]
    with tempfile.TemporaryDirectory() as tmp:
        for day, items in by_day.items():
            Path(tmp, f"{day}.txt").write_text(f"Related papers: {day}\n\n" + "\n\n".join(t for _, t in items) + "\n",
                                              encoding="utf-8")
        exported = [json.loads(line) for line in paperlist("export", tmp, "--tags", "auto").splitlines()]
        rules = paperlist("tags", "--suggest", tmp)
    order = [line.split(" = ")[0].strip('"') for line in rules.splitlines() if " = [" in line]
    first_topic: dict[int, str] = {}
    text_of: dict[int, str] = {}
    for record in exported:
        if record["keep"]:
            text_of[record["paper"]] = record["text"]
            tags = sorted(record["tags"], key=order.index)
            first_topic[record["paper"]] = tags[0] if tags else "none"
    papers = sorted(text_of)
    truth = [category.get(text_of[p], "other") for p in papers]
    found = [first_topic[p] for p in papers]
    sets, defined, _, _ = term_counts([text_of[p] for p in papers])
    frequency = {t.term: t.papers for t in rank_terms(sets, defined)}
    baseline = [max(terms, key=lambda t: (frequency.get(t, 0), t)) if terms else "none" for terms in sets]
    top = set(sorted(frequency, key=lambda t: (-frequency[t], t))[:len(order)])
    as_many = [max(terms & top, key=lambda t: (frequency[t], t)) if terms & top else "none" for terms in sets]
    rows = [("automatic topics (--tags auto)", found), ("baseline: most frequent term", baseline),
            (f"baseline, as many clusters: most frequent of the {len(order)} most frequent terms", as_many)]
    for k, labels in nmf_labels([text_of[p] for p in papers], (15, 25)).items():
        rows.append((f"TF-IDF + NMF, {k} topics (largest weight)", labels))
    covered = sum(f != "none" for f in found) / len(found)
    print(f"{len(papers)} papers in {len(by_day)} daily lists; {len(order)} automatic topics; "
          f"{covered:.1%} of papers carry one\n")
    print("| assignment | clusters | NMI | purity |\n|---|---:|---:|---:|")
    for name, labels in rows:
        nmi, purity = nmi_and_purity(truth, labels)
        print(f"| {name} | {len(set(labels))} | {nmi:.3f} | {purity:.3f} |")
    # Each category's subject among its top topics: the topics most concentrated in it (lift over all papers).
    print("\n| primary category | papers | its three most concentrated topics (share of its papers) |\n|---|---:|---|")
    sizes, total = Counter(truth), len(truth)
    for category, n in sizes.most_common():
        if n < 100:
            continue
        inside = Counter(topic for c, topic in zip(truth, found) if c == category and topic != "none")
        overall = Counter(t for t in found if t != "none")
        lift = {t: (m / n) / (overall[t] / total) for t, m in inside.items() if m >= 10}
        best = sorted(lift, key=lambda t: (-lift[t], t))[:3]
        print(f"| {category} | {n} | " + "; ".join(f"{t} ({inside[t] / n:.0%})" for t in best) + " |")


def nmf_labels(texts: list[str], sizes: tuple[int, ...]) -> dict[int, list[str]]:
    """Each text's topic by TF-IDF + NMF (scikit-learn), for each number of topics; {} without scikit-learn."""
    try:
        from sklearn.decomposition import NMF
        from sklearn.feature_extraction.text import TfidfVectorizer
    except ImportError:
        print("scikit-learn is not installed: the NMF comparison is skipped (pip install scikit-learn)\n")
        return {}
    matrix = TfidfVectorizer(stop_words="english", min_df=2, max_df=0.5, ngram_range=(1, 2)).fit_transform(texts)
    found = {}
    for k in sizes:
        weights = NMF(n_components=k, init="nndsvd", random_state=0, max_iter=300).fit_transform(matrix)
        found[k] = [str(row.argmax()) if row.max() > 0 else "none" for row in weights]
    return found


def subject_recovery(data: Path) -> None:
    texts, subjects, seen = [], [], set()
    for _, record in records(data):
        text = cut(record["summary"])
        if text not in seen:
            seen.add(text)
            texts.append(text)
            subjects.append(set(record["categories"]))
    sizes = Counter(c for categories in subjects for c in categories)
    recovery_table(texts, subjects, sorted(c for c, n in sizes.items() if n >= 100), "subjects")


def review_recovery(data: Path, per_review: int = 150) -> dict[str, float]:
    """A stand-in with labels someone else made, in the regime of alerts (short snippets, titles, a few hundred
    papers): records of the shared screening and de-duplication sets, pooled; a paper's subject is the
    systematic review its record came from. per_review records of each, evenly spread, cut at 250 characters."""
    import csv
    import gzip
    texts, subjects = [], []
    sources = sorted((data / "screening").glob("*.csv")) + sorted(
        p for p in (data / "sr-dedup-benchmark").glob("*/records_pre_merged.csv*") if p.parent.name != "special_cases")
    for path in sources:
        name = path.stem if path.parent.name == "screening" else path.parent.name
        opened = gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else open(path, encoding="utf-8")
        with opened as handle:
            rows = [r for r in csv.DictReader(handle) if (r.get("title") or "").strip()]
        step = max(1, len(rows) // per_review)
        for row in rows[::step][:per_review]:  # four of the de-duplication sets have titles only, as many alerts
            abstract = (row.get("abstract") or "").strip()
            texts.append(" ".join(row["title"].split()) + (f". {cut(abstract)}" if abstract else ""))
            subjects.append({name})
    if not texts:
        print(f"skipped: no screening or sr-dedup sets under {data}")
        return {}
    names = sorted({s for subject in subjects for s in subject})
    print(f"\nReviews pooled: {len(texts)} papers, {per_review} from each of {len(names)} reviews")
    return recovery_table(texts, subjects, names, "reviews")


def review_samples(data: Path, sizes: tuple[int, ...] = (100, 150, 200, 250, 300)) -> None:
    """Section 5 on samples of several sizes, and each method's mean over them: one sample flatters one method."""
    found: dict[str, list[float]] = {}
    for size in sizes:
        for method, mean in review_recovery(data, size).items():
            found.setdefault(method, []).append(mean)
    if found:
        print(f"\nReviews pooled, mean F1 over the samples of {', '.join(map(str, sizes))} records a review:")
        for method, means in found.items():
            print(f"  {method}: {sum(means) / len(means):.3f} (" + ", ".join(f"{m:.3f}" for m in means) + ")")


def survey_recovery(readme: Path) -> None:
    """Section 6 of the module's description: a survey's paper list, its sections the subjects; the whole list,
    then five subsamples that each leave out a fifth of the titles, and each method's mean over the six."""
    import re
    lines = readme.read_text(encoding="utf-8").splitlines()
    try:
        start = next(n for n, line in enumerate(lines) if line.startswith("## ") and "SE with LLMs" in line)
    except StopIteration:
        print(f"skipped: {readme} has no 'SE with LLMs' part (github.com/iSEngLab/AwesomeLLM4SE's README.md)")
        return
    section, subjects = None, {}
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("#### "):
            section = line[5:].strip().lower()
        elif section and (item := re.match(r"\s*\d+\.\s+(.*)", line)):
            # "1. Title [2024-ICSE]": the title without its venue, links and marks.
            title = re.sub(r"\[[^\]]*\]\([^)]*\)", "", item.group(1).replace("🔥", ""))
            title = re.sub(r"\s*\[+\d{4}\b.*$", "", title).strip().rstrip(".")
            if len(title) >= 10:
                subjects.setdefault(title, set()).add(section)
    sizes = Counter(s for found in subjects.values() for s in found)
    names = sorted(c for c, n in sizes.items() if n >= 20)
    print(f"\nA survey's paper list: {len(subjects)} titles, {len(names)} sections of 20 papers or more")
    whole_and_fifths(list(subjects), list(subjects.values()), names, "sections", "Survey")


def whole_and_fifths(texts: list[str], subjects: list[set[str]], names: list[str], what: str, name: str) -> None:
    """recovery_table on the whole set and on five subsamples that each leave out every fifth paper, and each
    method's mean over the six: one sample flatters one method."""
    found: dict[str, list[float]] = {}
    for left_out in (None, 0, 1, 2, 3, 4):
        kept = [n for n in range(len(texts)) if left_out is None or n % 5 != left_out]
        if left_out is not None:
            print(f"\nSubsample {left_out + 1} of 5 (every fifth paper left out, from paper {left_out + 1} on): "
                  f"{len(kept)} papers")
        for method, mean in recovery_table([texts[n] for n in kept], [subjects[n] for n in kept], names,
                                           what).items():
            found.setdefault(method, []).append(mean)
    print(f"\n{name}, mean F1 over the whole set and its five subsamples:")
    for method, means in found.items():
        print(f"  {method}: {sum(means) / len(means):.3f} (" + ", ".join(f"{m:.3f}" for m in means) + ")")


# The Application labels (the tasks, part C.1 of the list's README) of github.com/wcphkust/LLM-PLSE-paper; its
# other labels say which principle a paper studies or how it works (benchmark, empirical study, survey).
TASK_LABELS = {
    "general coding task", "code generation", "program synthesis", "code completion", "program repair",
    "program transformation", "program testing", "fuzzing", "library testing", "DBMS testing", "compiler testing",
    "protocol fuzzing", "mutation testing", "unit testing", "differential testing", "debugging",
    "bug reproduction", "vulnerability exploitation", "static analysis", "syntactic analysis", "pointer analysis",
    "call graph analysis", "data-flow analysis", "type inference", "specification inference",
    "equivalence checking", "code similarity analysis", "bug detection", "program verification",
    "program optimization", "program decompilation", "code summarization", "code search",
    "software composition analysis", "software maintenance and deployment", "code review",
    "documentation generation", "commit message generation", "software configuration", "system log analysis"}


def labelled_recovery(path: Path) -> None:
    """Section 8 of the module's description: papers on language models for code with their abstracts and the
    task labels their curators gave them."""
    entries = json.loads(path.read_text(encoding="utf-8"))
    texts, subjects = [], []
    for title, entry in entries.items():
        abstract = " ".join((entry.get("abstract") or "").split())
        texts.append(" ".join(title.split()) + (f". {cut(abstract)}" if abstract else ""))
        subjects.append(set(entry.get("labels") or ()) & TASK_LABELS)
    sizes = Counter(s for found in subjects for s in found)
    names = sorted(c for c, n in sizes.items() if n >= 15)
    if not names:
        print(f"skipped: {path} holds no task labels (github.com/wcphkust/LLM-PLSE-paper's labeldata.json)")
        return
    print(f"\nLabelled abstracts: {len(texts)} papers, {len(names)} task labels held by 15 papers or more")
    whole_and_fifths(texts, subjects, names, "tasks", "Labelled abstracts")


def list_titles(path: Path) -> list[str]:
    """The paper titles of one curated list, in its order, each once: Markdown list items whose title is a link,
    bold, or followed by a bold venue; in an HTML page, the queries of its Google Scholar links."""
    import html
    import re
    from urllib.parse import unquote_plus
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".html", ".htm"):
        found = [html.unescape(unquote_plus(q)) for q in re.findall(r'scholar\.google\.com/scholar\?q=([^"&]+)', text)]
    else:
        found = []
        for line in text.splitlines():
            if not (item := re.match(r"\s*(?:[-*+]|\d+\.)\s+(.*)", line)):
                continue
            rest = re.sub(r"^(?:[^\w\[*]+\s*)?(?:\[[^\]]*\]\s+)*", "", item.group(1))  # marks, [tags], [dates]
            if bold := re.match(r"\*\*(.+?)\*\*", rest):
                found.append(bold.group(1))
            elif (link := re.match(r"\[([^\]]+)\]\(([^)]*)\)", rest)) and not link.group(2).startswith("#"):
                found.append(link.group(1))  # a link to "#..." is the table of contents
            elif venue := re.match(r"(.+?)\s+\*\*`", rest):
                found.append(venue.group(1))
    titles, seen = [], set()
    for title in (" ".join(t.split()).strip().rstrip(".").strip() for t in found):
        if len(title.split()) >= 4 and title.lower() not in seen:
            seen.add(title.lower())
            titles.append(title)
    return titles


def list_recovery(paths: list[Path]) -> None:
    """Section 7 of the module's description: curated lists of one field pooled, each list a subject."""
    lists = {path.stem: list_titles(path) for path in sorted(paths, key=lambda p: p.stem)}  # one order, however named
    print("\nPooled lists: " + ", ".join(f"{name} {len(titles)} titles" for name, titles in lists.items()))
    found: dict[str, list[float]] = {}
    for per_list, first in ((100, 0), (150, 0), (200, 0), (100, 1), (150, 1)):
        subjects: dict[str, set[str]] = {}
        for name, titles in lists.items():
            step = max(1, len(titles) // per_list)
            for title in titles[first::step][:per_list]:  # evenly spread over the list
                subjects.setdefault(title, set()).add(name)
        print(f"\nUp to {per_list} titles a list, from title {first + 1} on: {len(subjects)} titles")
        for method, mean in recovery_table(list(subjects), list(subjects.values()), sorted(lists), "lists").items():
            found.setdefault(method, []).append(mean)
    print("\nPooled lists, mean F1 over the five samples:")
    for method, means in found.items():
        print(f"  {method}: {sum(means) / len(means):.3f} (" + ", ".join(f"{m:.3f}" for m in means) + ")")


def best_f1(truth: dict[str, set[int]], groups: dict[str, set[int]]) -> list[float]:
    """Each subject's F1 against the group that matches it best."""
    return [max((2 * len(papers & g) / (len(papers) + len(g)) for g in groups.values() if g), default=0.0)
            for papers in truth.values()]


def recovery_table(texts: list[str], subjects: list[set[str]], names: list[str], what: str,
                   orders: int = ORDERS) -> dict[str, float]:
    """Mean F1 of the best-matching topic for each subject: paperlist's topics and NMF's, in one run; printed as a
    table, and returned by method (paperlist's as "paperlist"). paperlist's figures are means over ``orders``
    orders of the papers (as given, then shuffled with fixed seeds): its clusters start from papers picked by
    their place, so one order can flatter or wrong it by 0.03; NMF's start (NNDSVD) does not depend on it."""
    from paperlist.tagging.tags import TagMatcher
    from paperlist.tagging.topics import suggest_rules
    truth = {c: {i for i, categories in enumerate(subjects) if c in categories} for c in names}
    found: dict[str, dict[str, set[int]]] = {}
    per_order, sizes = [], []
    for n in range(orders):
        order = list(range(len(texts)))
        if n:
            random.Random(n).shuffle(order)
        rules = suggest_rules([texts[i] for i in order])
        matcher = TagMatcher(rules)
        ours: dict[str, set[int]] = {name: set() for name in rules}
        for i in order:
            for tag in matcher.tag(texts[i]):
                ours[tag].add(i)
        per_order.append(best_f1(truth, ours))
        sizes.append(len(rules))
    for k, labels in nmf_labels(texts, (15, 25)).items():
        groups: dict[str, set[int]] = {}
        for i, label in enumerate(labels):
            if label != "none":
                groups.setdefault(label, set()).add(i)
        found[f"TF-IDF + NMF ({k} topics)"] = groups
    print(f"\n| method | mean F1 over {len(names)} {what} | " + " | ".join(names) + " |")
    print("|---|---:|" + "---:|" * len(names))
    scored = {"paperlist": [sum(column) / orders for column in zip(*per_order)]}
    scored |= {method: best_f1(truth, groups) for method, groups in found.items()}
    means = {method: sum(scores) / len(scores) for method, scores in scored.items()}
    spread = [sum(s) / len(s) for s in per_order]
    for method, scores in scored.items():
        count = f"{min(sizes)}-{max(sizes)}" if min(sizes) < max(sizes) else str(sizes[0])
        shown = (f"paperlist --tags auto ({count} topics; mean of {orders} orders, "
                 f"{min(spread):.3f}-{max(spread):.3f})" if method == "paperlist" else method)
        print(f"| {shown} | {means[method]:.3f} | " + " | ".join(f"{x:.2f}" for x in scores) + " |")
    return means


def distinctive_check(data: Path) -> None:
    lists: dict[str, list[str]] = {c: [] for c in CATEGORY_WORDS}
    for _, record in records(data):
        primary = record["categories"][0]
        if primary in lists and len(lists[primary]) < 400:
            lists[primary].append(cut(record["summary"]))
    with tempfile.TemporaryDirectory() as tmp:
        for name, texts in lists.items():
            Path(tmp, f"{name}.txt").write_text(f"Related papers: {name}\n\n" + "\n\n".join(texts) + "\n",
                                               encoding="utf-8")
        doc = json.loads(paperlist("summarize", tmp, "--terms", "20", "--format", "json"))
    print("\n| list (400 papers of one category) | top 3 distinctive terms | naming its subject |\n|---|---|---:|")
    hits = total = 0
    for entry in doc["lists"]:
        name = entry["seed_title"]
        terms = entry["distinctive"][:3]
        named = sum(bool(set(t.lower().replace("-", " ").split()) & CATEGORY_WORDS[name]) for t in terms)
        hits, total = hits + named, total + len(terms)
        print(f"| {name} | {'; '.join(terms)} | {named} of {len(terms)} |")
    print(f"\nAll lists: {hits} of {total} top-3 distinctive terms name their category's subject.")


def speed(snippets: int) -> None:
    import time
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import generate, write
    with tempfile.TemporaryDirectory() as tmp:
        lists, truth = generate(snippets, max(1, snippets // 100), 1)
        write(Path(tmp), lists, truth)
        times = {}
        for name, extra in (("summarize --tags builtin", ["--tags", "builtin"]), ("summarize (default: topics here)", []),
                            ("summarize --tags auto", ["--tags", "auto"])):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "paperlist", "summarize", tmp, "--glob", "*.txt", "--format",
                            "json", "-q", *extra], env=ENV, capture_output=True, check=True)
            times[name] = time.perf_counter() - start
    base = times["summarize --tags builtin"]
    print(f"| {snippets} snippets | seconds | x summarize |\n|---|---:|---:|")
    for name, seconds in times.items():
        print(f"| {name} | {seconds:.2f} | {seconds / base:.2f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--survey", type=Path, metavar="README", help="only the survey stand-in (6) on this file")
    parser.add_argument("--lists", type=Path, nargs="+", metavar="FILE",
                        help="only the pooled lists stand-in (7): curated paper lists of one field, one a subject")
    parser.add_argument("--labelled", type=Path, metavar="JSON",
                        help="only the labelled abstracts stand-in (8): LLM-PLSE-paper's data/labeldata/labeldata.json")
    parser.add_argument("--speed", type=int, metavar="N", help="only time --tags auto on N generated snippets")
    args = parser.parse_args()
    if args.speed:
        speed(args.speed)
        return
    if args.lists:
        list_recovery(args.lists)
        return
    if args.survey:
        survey_recovery(args.survey)
        return
    if args.labelled:
        labelled_recovery(args.labelled)
        return
    topics_agreement(args.data)
    distinctive_check(args.data)
    subject_recovery(args.data)
    review_samples(args.data)


if __name__ == "__main__":
    main()
