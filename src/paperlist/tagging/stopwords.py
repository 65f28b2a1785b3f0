"""Boilerplate phrases and generic words of abstracts, derived from data by benchmarks/stop_phrases.py.

Regenerate with ``python benchmarks/stop_phrases.py`` (14189 abstracts; categories cs.CV, cs.CL, cs.AI; share 0.01; evenness 2.0): a phrase common in every
primary category of the arXiv data, and evenly so, says nothing about what a list is about. EXTRA_PHRASES are
the issue's examples that the data gives only in longer forms.
"""

GENERIC_WORDS_DERIVED: frozenset[str] = frozenset({
    'ability', 'accuracy', 'achieve', 'achieved', 'achieves', 'achieving', 'adaptation', 'addition',
    'additional', 'address', 'addresses', 'addressing', 'advanced', 'advancements', 'advances', 'advancing',
    'adversarial', 'aligned', 'alignment', 'allowing', 'alternative', 'analysis', 'analyze', 'application',
    'applications', 'applied', 'applying', 'approaches', 'architecture', 'architectures', 'assessment',
    'automated', 'automatically', 'average', 'balance', 'baseline', 'baselines', 'benchmark', 'benchmarks',
    'bottleneck', 'building', 'capabilities', 'capability', 'capable', 'capacity', 'capture', 'captures',
    'categories', 'challenge', 'challenges', 'challenging', 'changes', 'clinical', 'coherence', 'coherent',
    'combined', 'combines', 'combining', 'compact', 'comparable', 'compared', 'competitive', 'complementary',
    'complex', 'complexity', 'component', 'components', 'comprehensive', 'computation', 'computational',
    'conduct', 'conducted', 'consistent', 'consistently', 'constrained', 'construct', 'content', 'context',
    'contextual', 'contrast', 'corresponding', 'coverage', 'critical', 'crucial', 'curated', 'current',
    'demonstrate', 'demonstrated', 'demonstrates', 'demonstrating', 'deployment', 'derived', 'designed',
    'despite', 'detailed', 'develop', 'developed', 'developing', 'development', 'different', 'difficult',
    'difficulty', 'directly', 'distinct', 'distribution', 'diverse', 'diversity', 'domains', 'dynamic',
    'dynamically', 'dynamics', 'effective', 'effectively', 'effectiveness', 'effects', 'efficiency',
    'efficient', 'efficiently', 'embedding', 'emerged', 'employs', 'enables', 'enabling', 'enhance',
    'enhanced', 'enhances', 'enhancing', 'ensuring', 'especially', 'essential', 'establish', 'establishes',
    'evaluate', 'evaluated', 'evaluation', 'evaluations', 'exhibit', 'exhibits', 'existing', 'experimental',
    'experiments', 'experts', 'explicit', 'explicitly', 'explore', 'extract', 'extraction', 'facilitate',
    'factors', 'finally', 'foundation', 'framework', 'fundamental', 'furthermore', 'general',
    'generalization', 'generalize', 'generate', 'generated', 'generates', 'generating', 'generation',
    'grounded', 'grounding', 'guidance', 'hierarchical', 'highlight', 'highlighting', 'identify',
    'identifying', 'implicit', 'importance', 'important', 'improve', 'improved', 'improvement',
    'improvements', 'improves', 'improving', 'including', 'incorporates', 'incorporating', 'increase',
    'increasing', 'indicate', 'individual', 'inference', 'information', 'inherent', 'initial', 'insights',
    'inspired', 'instead', 'integrate', 'integrated', 'integrates', 'integrating', 'interaction',
    'interactions', 'interactive', 'intermediate', 'interpretability', 'interpretable', 'introduce',
    'introduces', 'introducing', 'iterative', 'knowledge', 'largely', 'latency', 'leading', 'learning',
    'leverage', 'leverages', 'leveraging', 'lightweight', 'limitation', 'limitations', 'limited', 'limiting',
    'maintaining', 'mechanism', 'mechanisms', 'medical', 'metrics', 'minimal', 'mitigate', "model's",
    'modeling', 'moreover', 'multiple', 'notably', 'objective', 'observe', 'offering', 'optimal',
    'optimization', 'optimized', 'original', 'outperforming', 'outperforms', 'overall', 'overhead',
    'paradigm', 'parameter', 'parameters', 'particularly', 'patterns', 'perform', 'performance', 'performs',
    'pipeline', 'pipelines', 'potential', 'powerful', 'practical', 'precision', 'predict', 'prediction',
    'predictions', 'preserving', 'previous', 'primarily', 'problem', 'process', 'produce', 'produces',
    'producing', 'progress', 'promise', 'promising', 'prompts', 'provide', 'provides', 'providing',
    'quality', 'reduces', 'reducing', 'reduction', 'refinement', 'relationships', 'relative', 'release',
    'relevant', 'reliability', 'reliable', 'reliance', 'relying', 'remains', 'remarkable', 'require',
    'required', 'requirements', 'requires', 'requiring', 'research', 'resource', 'resulting', 'results',
    'robustness', 'sampling', 'scalability', 'scalable', 'scaling', 'scenarios', 'selection', 'semantic',
    'semantically', 'sequence', 'sequences', 'setting', 'settings', 'showing', 'signals', 'significant',
    'significantly', 'similar', 'solution', 'spanning', 'specialized', 'specific', 'specifically',
    'standard', 'strategies', 'structural', 'structure', 'structures', 'struggle', 'studies', 'substantial',
    'substantially', 'success', 'supervised', 'support', 'supporting', 'supports', 'synthetic',
    'systematically', 'tailored', 'techniques', 'textual', 'thereby', 'therefore', 'together', 'traditional',
    'trained', 'training', 'typically', 'uncertainty', 'underlying', 'understanding', 'unified', 'validate',
    'validation', 'valuable', 'variants', 'various', 'varying', 'yielding',
})
EXTRA_PHRASES = frozenset({"paper proposes", "experimental results show", "results show", "existing methods"})
# Single words that name no topic in any field, read off the top of `paperlist summarize --terms` on arXiv
# lists: the derivation keeps them because their rates differ between fields.
EXTRA_WORDS = frozenset({
    "accurate", "applications", "approaches", "behaviors", "behaviours", "capabilities", "dataset", "datasets", "task", "tasks", "long", "self", "percent",
    "environments", "features", "increasingly", "methods", "networks", "objects", "performance", "problems",
    "question", "questions", "representations", "researchers", "responses", "results", "scenarios", "settings",
    "solutions", "systems", "techniques", "understanding", "investigates", "explores", "examines", "presents",
    "introduces", "describes", "discusses", "evaluates", "addresses", "highlights", "reveals",
})
STOP_PHRASES: frozenset[str] = frozenset({
    'ablation studies', 'address these challenges', 'address these issues', 'address this challenge',
    'address this gap', 'benchmarks demonstrate', 'black box', 'bridge this gap', 'comprehensive evaluation',
    'computational cost', 'consistently outperforms', 'context aware', 'end to end', 'evaluation metrics',
    'existing approaches', 'existing benchmarks', 'experimental results', 'fail to capture', 'fine tuning',
    'framework designed', 'future research', 'general purpose', 'high quality', 'inference time',
    'large scale', 'model performance', 'out of distribution', 'performance gains', 'real world',
    'real world applications', 'results demonstrate', 'results highlight', 'significant challenges',
    'significant improvements', 'significantly improves', 'significantly outperforms', 'strong performance',
    'superior performance', 'synthetic data', 'task specific', 'test time', 'three key', 'trade off',
    'training data', 'two stage', 'wide range',
}) | EXTRA_PHRASES
GENERIC_WORDS: frozenset[str] = GENERIC_WORDS_DERIVED | EXTRA_WORDS

# General-English stop words and the verbs of abstracts.
STOP_WORDS = frozenset("""
a about above across after again against all almost also although am among an and any are as at
be because been before being below between both but by can could did do does doing done down due during
each either et etc even ever every few for from further had has have having here how however i if in
into is it its itself just last least less many may might more most much must my new no nor not now of
off often on once one only or other our out over own per rather same several she should since so some
such than that the their them then there these they this those through thus to too two under until up
upon us use used uses using very via was we well were what when where whether which while who whom whose
why will with within without would yet you your paper propose proposed present presents show shows
approach method methods work works based novel recent recently
""".split())
