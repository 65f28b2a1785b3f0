"""How abstracts use their words, derived from 14189 arXiv abstracts by benchmarks/word_roles.py (see there).

VERBS never start a term, MODIFIERS never end one, a term needs one word that is not EVEN
(spread evenly: about one use per abstract that holds it), a PLAIN word is a term only
inside a longer one, and a SUBJECT word is a term by itself. Regenerate, do not edit.
"""

VERBS: frozenset[str] = frozenset("""
    about accelerate accomplish achieve achieved activate adapt add address addressed addresses addressing adjust
    adjusting adjusts adopt adopting adopts advocate affect aim alleviate alleviates alleviating alongside also
    alter altering always amplifies amplify analyse analysing analyze analyzes anticipate applies apply approaching
    approximate approximates approximating argue as ask assemble assess assesses assigning assume assuming attain
    attaining attains attempted attracted augment augments automate automates automating avoids be become been begin
    behind believe benchmarked boosts break breaking breaks bridge bridges bridging bring bringing brought build
    bypass bypasses bypassing calculate calibrate call carry cast categorize cause characterize characterizing
    choose choosing circumvent clarifies clarify classify closing collect combine comes compare compares compile
    complement complementing complicates compress compromise compromises computes conclude conduct conducted
    conducts confirm confirming confirms connect consider considering considers constitute constitutes constrain
    constraining constrains construct constructing constructs contain contribute convert convey counter covers
    create created creates creating curate decode decompose decomposes decomposing decouple decouples define defines
    defining degrade delineate demonstrate demonstrated demonstrating deploy derive describe describes describing
    despite determine determines determining develop developed develops devise diagnose discover discuss discussing
    disentangle disrupt disrupting disrupts distill distort divide divides don't doubling draw drives eliminate
    eliminates eliminating embed emerged emphasize emphasizes emphasizing employ employing employs empower empowers
    emulate enabled encounter encounters encourages endow enhance enhancing enrich enriches enriching envision equip
    equipping equips establish establishes establishing estimate estimating evaluate evaluates evolved examine
    examined examines examining exceed exceeds executes exhibited expand expanding expands expect explain explaining
    explains exploit exploiting exploits explore explored explores exploring expose exposes exposing express extend
    extending extends fail fill filling fills find finds fine-tune fine-tunes finetune follow follows forces
    forecast formalize formalizes formally forming formulate formulates formulating found further fuse gained
    garnered get give given gives grasp greatly guarantee guide guides guiding had hampers harness harnesses
    harnessing having help highlight highlighted highlighting highlights hinder hindering hinders historically hope
    hypothesize identify if ignore ignores ignoring illustrate illustrates illustrating impair impede implement
    implementing implements impose imposes improve inadvertently includes incorporate incorporates induces infers
    influences inform inherit initialize innovatively inside inspire instantiate integrate intensified into
    introduce introduces introducing investigate investigated investigates investigating involve isolate isolating
    just justify keep keeping keeps know lacks lay laying lays lead leave leaving led leverage leveraged leverages
    leveraging limit limiting limits lose lowering lowers made make manage manipulate manipulating mark marking
    marks match matches maximize maximizes maximizing measuring meet merely mimicking mimics minimize minimizes
    mirrors miss mitigate mitigates modifies modify modifying modulate modulates motivate motivates motivating
    narrowing necessarily necessitates necessitating neglect neglecting obscure obscures observe observing obtain
    obtains offer offering offers only onto opened opens operationalize optimize optimizes orchestrates organize
    outline outlines outperform outperformed outside overcome overcomes overcoming overlook overlooked overlooking
    overlooks partitions pave paves paving perceive perturbing pinpoint places play playing plays posit possess
    pre-train predict present presenting presents pretrain produce propose proposes proposing protect prove proven
    provide provides providing proving push pushing q quantifies quantify quantifying raise raised raises reach
    reached reaches reaching realize received recently recommend reconcile reconstruct reconstructs reduce refer
    refine refines reflect reflects reformulate reframe regarding regularizes reinforce release releasing remained
    remains remedy remove removes removing render renders replace replaces replacing replicate represent
    representing represents reproduce resemble resolve resolves restrict restricting restricts retains reveal
    revealing revisit revolutionized rewrites sacrifice satisfy see seek seen select selecting selects serve share
    shares shifted shifting showcase showcases showcasing shown simplifies simplify simplifying simulates since
    solve solves specify steer steers streamline streamlines strengthen suffer suggested summarize summarizes
    surpass tackle tackles take takes teach teaches throughout train trains transformed translate treat tune uncover
    uncovers undermine undermines undermining underperform underscore underscores underscoring understand unify
    unlock unlocking unlocks until upon uses using utilize utilizes utilizing validate validates validating verifies
    verify visualize well-suited whether within witnessed yielded
""".split())

MODIFIERS: frozenset[str] = frozenset("""
    a abnormal absolute abstractive academic accelerates accelerating acceptable accessing accident accommodate
    accompanying accountable accurate achieves achieving acoustic acquiring across actionable activated activating
    active actively actual actually acute acyclic ad-hoc adaptable adaptive adaptively added adding additional
    additive adequately adjacent adjusted advanced advancing adversarial adverse aerial aesthetic affecting
    affective affects affine aforementioned african after against agent's agent-based agentic aggregate aggregated
    aggregates aggressive agricultural ai's ai-assisted ai-based ai-driven ai-generated ai-powered algorithmic all
    all-in-one allocate allocates allocating allowed almost already altered although alzheimer's american among
    amplified amplifying an analogical analytic analytical analyzed analyzing anatomical anatomically ancient and
    angular animal anisotropic annotating annual anomalous anomaly anonymized any appealing applying approximately
    arbitrary architectural architecture-agnostic are argumentative around articulated artificial artistic assessed
    assessing assign assigned assigns assistive associative asymmetric asynchronous at atmospheric atomic
    attention-based attention-guided atypical audio-driven audio-video audio-visual audiovisual augmenting authentic
    authoritative auto-regressive automated automatic automatically automotive autonomous autoregressive auxiliary
    averaged avoid avoiding backdoor balances basic bayesian beam becomes becoming behavioral being below bert-based
    best-performing between beyond bi-level bidirectional big bilingual binary biological biologically biomedical
    biometric black-box blood boosting both bounding breast brief brings brittle broad broader broadly built-in by
    cached called camera-based camouflaged can candidate cannot canonical canopy capture captures capturing cardiac
    cardiovascular careful carefully carlo carried cascaded cascading catastrophic categorical categorizes
    categorizing causal causally causing cellular central certain challenging chamfer changing character-level chart
    chemical chest chosen chronic chronological class-agnostic class-aware class-specific classic classical
    classifier-free classifies classifying clinical clinically clip's clip-based closed-form closely co
    coarse-to-fine cognitive cognitively cohen's cohesive collaborative collective collision colorectal com
    combinatorial combines combining commercial common commonly communicative community-driven comparative
    comparatively comparing competitive complementary complements completed completing compliant complicated
    composite compositional comprehensive compressing compromising computational computationally computed computer
    computer-aided concept-level conceptual conceptually concerning concrete conditional conducting confidence-aware
    confidence-based confident configurable conformal connecting consecutive considerable considered consistently
    consolidates constructed consumer consumer-grade containing contains contemporary content-aware context-aware
    context-sensitive contextual contextually continual continually continued continuous contrastive controllable
    conventional conversational converting converts convolutional cooperative copyrighted coral coronary corporate
    corrected correcting corrective corrupted cortical cosine cost-efficient costly could counterfactual couples
    covering crafted crash creative credible critical critically cross cross-domain cross-frame cross-layer
    cross-lingual cross-modal cross-modality cross-model cross-scale cross-view crowd cultural culturally cumulative
    curating current currently custom customer cutting-edge daily data-centric data-efficient data-scarce dataset's
    dataset-specific deceptive decisive declarative decoded decoder-only decomposed deep deep-learning deepfake
    deeply defect defective defensive deformable degrading deliberately deliver delivering delivers demographic
    densely dental deploying depth-aware deriving descriptive desirable desired detailed detectable detected
    deterministic developing developmental diabetic diagnostic dialectal different differentiable differential
    difficulty-aware diffusion-based digital dimensional direct directional disaster discard discarding discards
    discharge discovered discrete discriminative disentangles disjoint disparate disproportionately distant distills
    distinctive distributional divergent do document-level does domain-adapted domain-adaptive domain-agnostic
    domain-aware domain-specific downstream dramatic drastically drive drop-in drug dual dual-branch dual-level
    dual-path dual-stream during dynamic dynamical dynamically each early-stage easily ecological economic
    educational effective ego egocentric eight electronic eleven elicit eliciting embeds embodied emergency emergent
    emotion-aware emotional emotionally emph empirical empowering enable enables enabling encode encodes encompasses
    encompassing encourage encouraging endoscopic enforce enforces enforcing engaging enhances entangled enterprise
    entire entropy-based environmental episodic epistemic equal equally equitable erroneous estimated et ethical
    euclidean european evaluating event-based every everyday evidence-based evolutionary exact exactly exceeding
    excellent exceptional excessive executable executing exhaustive exhibit exhibiting exhibits existing expected
    experimental expert-annotated expert-level explainable explanatory explicitly exploratory exponential expressing
    expressive extended extensible extensive extensively external extra extract extractive extracts extreme
    extremely extrinsic facial facilitate facilitates facilitating facing factual factually faithful fake false far
    fault favorable favoring feasible feature feature-based featuring federated feed-forward feedforward fetal
    figurative filtered final financial fine fine-grained finer finetuned finite five fixed-size flexibly flight
    flood flow-based fluent focal for forensic formal foster fostering fosters foundational four fourier fracture
    fragile frame-based framework's free-form freely frequency-aware frequency-domain frequent frequently from full
    fully functional functionally fundamental fundamentally fused fuses fusing future fuzzy gaining game-theoretic
    gated gaussian gaussian-based gene general generalizable generally generate generates generating generative
    generic genetic genomic genuine genuinely geographic geographical geometric geometrically geometry-aware
    geospatial giving global global-local goes gold gold-standard govern governing gradient-based gradual gradually
    grained grammatical granular graph-based graphical great greedy ground ground-truth grounds grouped growing
    hand-crafted hand-object handcrafted handle handles hard harmful harmonic has have heavy held-out helpful
    heterogeneous heuristic hidden hierarchical high high-confidence high-dimensional high-frequency high-impact
    high-level high-performance high-performing high-risk high-stakes higher higher-level higher-order highest
    highly histological histopathological historical holistic homogeneous href huge hugging human human-ai
    human-annotated human-centered human-centric human-computer human-interpretable human-labeled human-level
    human-like human-machine human-object hundred hybrid hyperbolic hyperspectral ic ideal idealized identical
    identifiable identified identity-preserving ideological ill-posed image-based image-text immediately immense
    immersive impactful impacting imperceptible implausible implicit important impressive improves improving in
    in-context in-depth inadequate inappropriate included including inclusive incorporating increasing increasingly
    incremental incur incurring incurs indeed indian indic individual induce inducing inductive industrial
    inefficient inertial inevitable inevitably infer inference-time inferred influencing influential informal
    information-theoretic informational informative informed informing inherently initial inject injecting injects
    inner innovative inserting instance-level institutional instruction-based instruction-tuned instructional
    insufficient insufficiently integer integrates integrating intellectual intentionally inter-agent inter-class
    inter-frame inter-modal interactive interdisciplinary interesting interleave interleaved intermediate internal
    internalize internally international interpreting interpretive interprets intra-class intrinsic intrinsically
    intuitive invasive inverse invisible invoke involves involving irreversible is isic islamic iterative its
    jailbreak jetson joint jointly judicial k-nearest key keypoint keyword kinematic knowledge-intensive
    kolmogorov-arnold laborious lacking lags land-cover landmark language-based language-guided language-image
    language-specific laparoscopic large largely latent latent-space lateral latest layer-wise layered learnable
    learning-based legal lesion less lexical like limited linearly linguistic linguistically lip literary live llm's
    llm-assisted llm-based llm-driven llm-generated llm-guided llm-powered local local-global localizing logical
    logically logistic long-context long-form long-horizon long-range long-sequence long-standing long-term
    long-video longitudinal lora-based low-bit low-dimensional low-frequency low-level low-rank machine magnetic
    main mainstream maintain maintaining maintains major makes making malicious mamba-based manual manually many
    marginal marine maritime marked markov masked massive mathbf mathcal mathematical mathrm maximum may meaningful
    measurable mechanical mechanistic medical meeting memorized memory-augmented memory-efficient mental mere merged
    metacognitive method's methodological meticulously might military million mimic minimal minimally minimizing
    minor minority mirror mitigating mllm's mllm-based mobile modal modality-specific model's model-agnostic
    model-based model-generated model-specific modern molecular monocular monolithic monte moral morphological
    morphologically most mostly motion-aware movie multi multi-agent multi-branch multi-camera multi-channel
    multi-dimensional multi-expert multi-faceted multi-frame multi-granularity multi-head multi-hop multi-label
    multi-layer multi-level multi-modal multi-model multi-object multi-objective multi-person multi-perspective
    multi-resolution multi-scale multi-source multi-stage multi-step multi-subject multi-task multi-temporal
    multi-token multi-turn multi-view multidimensional multilayer multilingual multimodal multiple multiscale
    multispectral multivariate multiview must mutual mutually naive naively named narrative national native natural
    natural-language naturalistic near near-perfect nearest nearly necessitate negative negatively negligible
    neighboring neither network's network-based neural neuro-symbolic neurodegenerative neuromorphic neurosymbolic
    never new newly next-generation next-token nighttime nine no non non-autoregressive non-english non-linear
    non-parametric non-rigid non-target non-trivial non-uniform normal normative not notable noticeable novel
    novel-view now ntu nuanced nuclear null numeric numerical numerous object's object-centric object-level
    observable observational obtaining ocular of off-policy off-the-shelf official often omni omnidirectional on
    one-hot one-step ongoing opaque open-ended open-set open-vocabulary open-world openai's opening openly
    operational optical optimal optional or oral ordered ordinal ordinary organ organizational organizes original
    originally orthogonal orthographic other otherwise our outcome-based outdated outlier outperforming outperforms
    outstanding over overly own pairwise pancreatic panoptic panoramic parameter-efficient parametric pareto
    parkinson's parliamentary partial partially particle partly pascal passive patch-based patch-level patent
    pathological patient's patient-specific peak pedagogical pediatric peer penalizes penalizing per per-frame
    per-pixel per-scene percentage perceptual perform performed performing performs periodic peripheral persistent
    personal persuasive pervasive phonetic photographic photometric photorealistic physical physically physics-aware
    physics-based physics-informed physiological pioneering pivotal pixel-based pixel-level pixel-space pixel-wise
    placing plain plausible pluralistic pm point-wise political polynomial poor poorly popular posing positional
    positively possible post-hoc post-trained potentially powerful practical practically pragmatic pre-defined
    pre-existing preceding precisely predefined predictable predicting predictive predicts predominantly
    preference-based preferred preliminary preserve preserves preserving pressing prevailing prevalent prevent
    preventing prevents previous previously primary primitive principal prioritize prioritizes prioritizing
    proactive proactively probabilistic procedural produces producing professional prognostic programmatic
    progressive progressively prohibitive prohibitively projected projecting prominent promising promote promotes
    promoting prompt-based prompt-driven prompt-guided promptable propagates proper properly proposed prosodic
    prospective prostate protected protein prototype-based prototypical provably proved proximal pruned pseudo
    psychological psychometric public publicly published pure pursue quadratic qualitative quantified quantitative
    quantum quaternion query-based quite radial radiance radiological rag-based raising random randomized randomly
    ranked rapid rapidly rare rarely rated rational raw readily real real-world realistic reasonable
    reasoning-enhanced reasoning-intensive receive receiving recent receptive reconstructed reconstructing
    recovering recovers rectified recurrent recurring recursive redefines reduces reducing reference-free refined
    refining reflective reformulates reframes refusal region-aware region-level region-specific regional regularized
    regulatory reinforcement reinforcing reject relational relative relatively relevant reliable reliably remain
    remaining remarkable remote rendered repeated repeatedly reported representational representative reproducible
    require requires requiring reshaping residual resolving resource-constrained resource-intensive respective
    responsible responsive restore restored restores restoring retained retaining retinal retrieval-augmented
    retrospective reusable reusing reverse revised revolutionize rgb-t rhetorical rigorous rigorously rl-based road
    robotic robust root rotary roughly rtx rubric-based sacrificing safely safety-critical salient sam's same
    scene-level scholarly scientific score-based scored seamlessly seasonal second-order seemingly segmented
    segmenting selected selective selectively self-evolving self-generated self-improving self-supervised semantic
    semantically semi-supervised sensitive sensory separable separates separating sequence-level sequential serious
    seven several severe severely shed short-form should sign signal-to-noise signed significant significantly
    sim-to-real similarity-based simplistic simulate simulating simultaneous single-frame single-modality
    single-pass single-shot singular situational six skeletal skeleton-based skin skip slide-level slightly slot
    slow small-scale smoothly social socially societal soft solar solid sometimes sophisticated south spanning
    sparse-view spatial spatial-spectral spatial-temporal spatio-temporal spatiotemporal special specialized
    specific spectral specular speculative spherical spiking spinal spontaneous spurious squared stabilize
    stabilizes stable stage-wise standalone state-action state-space static statistical statistically steerable
    step-by-step step-level step-wise stepwise still stochastic storing strategic strategically street strengthens
    strict striking stringent strong stronger strongest strongly structural structurally student's studying
    stylistic stylized sub-optimal suboptimal subsequent substantial substantially subword successful successfully
    sufficient sufficiently superficial superior supervised supervisory supplementary supply supporting supports
    suppress suppresses suppressing surface-level surgical surpasses surpassing surrounding survival sustainable
    swin sycophantic symbolic symmetric synergistic syntactic syntactically synthesize synthesized synthesizes
    synthesizing synthetic synthetically system's system-level systematic systematically systemic table tackling
    tactical task-adaptive task-agnostic task-aware task-oriented task-relevant task-specific teacher's
    teacher-student technical technological template-based temporal temporally ten termed test-time text-based
    text-conditioned text-driven text-image text-to-3d textbf textit textsc texttt textual textured than that the
    their thematic then theoretical therapeutic thereby thermal these thorough thoroughly though three
    three-dimensional three-stage through tight tightly time-sensitive time-series time-varying to today's
    token-level token-wise too tool-augmented tool-integrated tooth top-down top-performing top-tier topical
    topological toward towards toxic traditional traffic trainable trajectory-level transferable transformative
    transformer-based transforming transient translated translational treating treats tree-based tropical truly
    trusted tunable tuned twelve two two-dimensional two-phase two-stage two-step typical typically unauthorized
    uncertain uncertainty-aware unconditional uncontrolled uncovering under undergo underline underlying
    underrepresented underwater undesirable undesired uneven unexpected unfaithful unifies uniformly unifying
    unimodal unintended unique uniquely united universal universally unlabeled unlike unmanned unnatural unpaired
    unprecedented unpredictable unreliable unseen unsolved unstructured unsupervised unsupported updated upper urban
    urgent useful user user's user-defined user-friendly user-provided user-specific user-specified usually uv
    validated valuable vanilla variable variational various varying vascular verbal verifiable verifying versus
    vertical very vessel via viable vibe video-based video-language virtual vision-and-language vision-based
    vision-centric vision-language visual visual-language visually vital vlm's vlm-based vocal volumetric
    voxel-based was wasserstein wavelet we weakly weakly-supervised wearable web-based weighted were when where
    whereas wherein while whole-slide whose wide widely widely-used wider will win wireless with without word-level
    worst-case would yield yielding yields
""".split())

EVEN: frozenset[str] = frozenset("""
    ablation ablations able above absence absent absolute abundant accelerate accelerated accelerates accelerating
    acceptable accepted access accessed accessibility accessible accommodate accompanied accompanying according
    accordingly account accounts accumulated accumulation accurately achievable achieve achieved achieves achieving
    acquire acquiring acting actionable activate actively acts actual actually adapt adaptability adaptable adapted
    adapting adaptively adapts add added adding addition additional additionally address addressed addresses
    addressing adds adequately adjacent adjust adjusting adjustments adjusts adopt adopted adopting adoption adopts
    advance advanced advancement advancements advances advancing advantages advent affect affected affecting affects
    aforementioned after aggregate aggregated aggregates aggregating aggressive agnostic ai-assisted ai-based
    ai-powered aid aim aime aimed aiming aims align aligned aligning aligns alleviate alleviates alleviating
    allocate allocates allocating allow allowing allows almost alone along alongside already alter altering
    alternating alternative alternatives although always ambiguities among amount amounts amplified amplifies
    amplify amplifying analogous analyse analyses analyze analyzed analyzes analyzing anchored annotate annotating
    anonymous another anticipate aperture apis appealing appear appearances appears applicability applicable
    applications applied applies apply applying approaching appropriate appropriately approximate approximately
    argue arise arises arising around ask asking assess assessed assesses assessing assessments assign assigned
    assigning assigns assist associated assume assuming attains attempt attempted attempts attracted attributed
    auditable augment augmented augmenting augments automate automates automatically automating autonomously
    availability available avenues averaging avoid avoiding avoids away back backbones backgrounds balance balances
    balancing barriers baselines basic because become becomes becoming been before begin begins behind being believe
    below benchmarked beneficial benefit benefiting benefits besides best best-performing better beyond biology
    black boost boosting boosts bottleneck bottlenecks bounded breadth break breaks breakthroughs bridge bridges
    bridging brief bring brings brittle broad broader broadly build building builds built burden bypass bypassing
    calculations calibrate call called cannot capable captured captures capturing careful carefully carlo carried
    carry case categorize categorizes cause caused causes causing centered centers central certain chain-of-thought
    challenged challenging changing characteristic characteristics characterize characterized checking checkpoints
    choices choose chosen clarify class-specific classic classified classifies classify classifying clear clearer
    clearly clip-based close closed-form closed-source closely closer co coarse-grained coarse-to-fine cognitively
    coherent cohort collaborate collaboratively collapses collect collected collecting collectively com combination
    combinations combine combined combines combining come comes common commonly communicate community compact
    comparable comparably comparative compare compared compares comparing comparison comparisons compatibility
    compatible compelling competing competitive complement complementary complemented completely completeness
    complexities complicated comprehend comprehensive comprehensively compress compresses compressing comprises
    comprising compromise compromises compromising computationally computed computer-aided computes concentrated
    concern concerning concerns concise conclude conclusion concrete concretely concurrently conditioned conduct
    conducted conducting conducts confined confirm confirmed confirming confirms conflicting connect connecting
    connection consecutive consequences consequently conservative consider considerable considerably consideration
    considerations considered considering considers consistent consistently consisting consists constant constitutes
    constrain constrained constraining constrains construct constructed constructing constructs consumer-grade
    contain containing contains contemporary context-aware context-dependent context-sensitive contextualized
    contextually continually continue continued continues continuously contrary contrast contribute contributes
    contributing contribution contributions controlled controlling conventional converge conversely convert
    converted converting converts convey core cornerstone corrected correcting corrections correctly correlate
    correlates correspond corresponding corrupted cost-effective costly costs counterpart counterparts coupled
    couples covering covers cpu crafted create created creates creating critical critically cross-dataset
    cross-entropy cross-validation crucial crucially cumulative curate curated currently custom cutting-edge daily
    data-scarce date dealing decades decide decline declines decode decoder-only decompose decomposes decomposing
    decouple decouples decrease decreases dedicated deeper deeply default deficiencies define defined defines
    defining degrade degrades degrading degree degrees delays delineation deliver delivering delivers demand
    demanding demands demonstrate demonstrated demonstrates demonstrating densely depend dependence dependent
    depending depends deploy deployable deployed deploying deployments derive derived deriving describe described
    describes designed designing designs desirable despite detect detecting detects determine determined determines
    determining develop developed developing developments develops deviate devise diagnose diagnosing diagnostics
    differ differentiate differs difficult difficulties dilemma diminishing direct direction directions directly
    discarding discover discovered discovering discovers discrepancy discuss disentangle disentangles disentangling
    disproportionately disrupt distant distill distilling distills distinct distinction distinctions distinguish
    distinguishes distinguishing diverge divergent do does doing dominate dominated done down dramatically
    drastically draw drawing drawn drive driven drives drop drops dual dual-branch dubbed due dynamically earlier
    ease easier easily ecosystems effectively effectiveness efficacy efficiently efforts eight either electronic
    elicit eliminate eliminates eliminating embed embedded embedding-based embeds emerge emerged emergence emerges
    emerging emphasis emphasize emphasizes emphasizing empirical empirically employ employed employing employs
    empowers emulate enable enabled enables enabling encode encoded encoder-decoder encodes encompasses encompassing
    encounter encountered encourage encourages encouraging end enforce enforces enforcing engage engaging engineered
    enhance enhanced enhancements enhances enhancing enough enrich enriched enriches enriching enrichment ensure
    ensures ensuring entangled entire entirely entropy-based equal equally equipped equitable equivalent era
    error-prone especially essential establish established establishes establishing estimated estimating evaluate
    evaluated evaluates evaluations even every evolve evolved evolves examine examined examines examining example
    exceed exceeding exceeds excel excellent excelling excels exceptional excessive exchange exclusively execute
    executed executes executing exhaustive exhibit exhibited exhibiting exhibits exist exists expand expanded
    expanding expands expect expectations expected expense expensive experiment experimental experimentally
    experimentation experiments expert-annotated expertise explain explaining explains explicitly exploit
    exploitation exploiting exploits exploratory explore explored explores exploring exponential expose exposes
    exposing express expressed extend extended extending extends extensible extensions extensive extensively extent
    extra extract extracted extracting extractor extracts extremely f1-scores faced faces facilitate facilitates
    facilitating facing factor factually fail failed failing fails fair faithfully fall families far favor favorable
    feasibility feasible feature-based featuring fed few fill filtered finally finding findings fine-tune fine-tunes
    finer finetuned finite first-order firstly fit fixed flat flawed flexibility flexible flexibly flops flow-based
    fluent focus focused focuses focusing follow followed follows forecast formalize formalizes formally former
    forming forms formulate formulated formulates formulating formulations forward foster fostering fosters found
    foundational foundations four fraction fragile fragmentation fragmented framework's frequent frequently fully
    functionality fundamental fundamentally further furthermore fuse fuses fusing gain gained gaining gains gaming
    garnered generality generalizability generalizable generalize generalizes generalizing generally generates
    generations genuinely geometry-aware git github give given gives globally gold gpus gradually granular graphical
    great greater greatly grounds groundwork grow growing grows guarantee guide guided guides guiding hallucinate
    hallucinated hampered hand-crafted handcrafted handle handles handling harder harnessing having heavily heavy
    held-out help helping helps hence here hierarchically high-confidence high-fidelity high-performing
    high-precision high-risk high-stakes higher higher-quality highest highlight highlighted highlighting highlights
    highly hinder hindered hindering hinders hold holds holistic hope horizons horizontal however href https
    huggingface human-aligned human-annotated human-centered human-computer human-in-the-loop human-level hundreds
    hyperparameter hypothesize idea ideal identical identified identifies identify identifying ignore ignores
    ignoring ii iii illustrate illustrates image-level image-to-video imagenet immediate immense impact impactful
    impacts imperfect implement implementation implemented implementing implements implications implicitly important
    importantly impose imposes impractical impressive improve improved improvement improvements improves improving
    in-depth in-distribution in-domain inability inaccessible inaccuracies inaccurate inadequate inadvertently
    include included includes including inclusive inconsistent incorporate incorporated incorporates incorporating
    incorporation increase increased increases increasing increasingly incrementally incur incurring incurs indeed
    independent independently indicate indicates indicating indicator indirect indispensable individually induce
    induced induces ineffective inefficiencies inefficiency inefficient inevitably infeasible infer inferred
    inferring infers influenced influences influencing inform informative informed inherent inherently initially
    inject injected injecting injects inner innovation innovations innovative insight insights inspiration inspired
    instantiate instead institutions insufficient insufficiently integral integrate integrated integrates
    integrating intelligently intended intensive interact interacting interest interesting interestingly interface
    interfaces internally internet interplay interpret interpreted interpreting intractable intricate introduce
    introduced introduces introducing introduction investigate investigated investigates investigating investigation
    involve involved involves involving io irrelevant isolate isolated isolates isolating isolation issue issues
    iteratively itself iv jointly just keep keeping key key-value kind labor-intensive lack lacking lacks lag
    landscape language-based language-image largely larger largest last lastly later latest latter lays lead leading
    leads learning-based learns least leaving led lengths lengthy less leverage leveraged leverages leveraging lies
    lightweight likely limit limitation limitations limited limiting limits linearly linguistically link linked
    links little llm-driven localize localizes localizing locally locate logically long-standing look loops lose
    lost low-dimensional low-latency lower lowering lowest lpips made magnetic magnitude main mainly mainstream
    maintain maintained maintaining maintains major make makes making manage managing manipulate manipulating manner
    manually many mapped marginal margins marked markedly marking marks mass massive match matched matches
    mathematically matter maximize maximizes maximizing meaningful means meanwhile measurable measure measured
    measuring medium meet meeting memory-efficient mere merely merges method's methodological methodologies
    meticulously might mild millions mimic minimal minimally minimize minimizes minimizing minimum minor mirrors
    misaligned mismatch mismatches miss missed misuse mitigate mitigates mitigating mix mixed model-agnostic
    model-specific moderate modern modest modification modified modify modifying modulate modulates monolithic monte
    moreover mortality most mostly motivate motivated motivates motivating move moves much multi-faceted multi-head
    multi-layer multi-stage multidimensional multiple-choice must named namely narrow narrowing natively
    natural-language naturally nature navigate navigating near near-perfect nearly necessarily necessary necessitate
    necessitates necessitating necessity need needed needs negatively neglect neglecting negligible neither never
    nevertheless newly next next-generation nine no non-invasive non-trivial none nonetheless nor normalized notable
    notably note notion now nuanced nuances numerous o3 obscure observation observe observed observing obstacle
    obstacles obtain obtained obtaining obtains occur occurring occurs off off-the-shelf offer offering offers
    official often once ones ongoing onto opaque open-sourced openai's opened opening openly opens operate operates
    operating opportunities opportunity optimization-based optimizations optimize optimized optimizes optimizing
    option optional options orchestrates ordinary organize organized organizes originally other others otherwise out
    out-of-distribution out-of-domain outlines outperform outperformed outperforming outperforms outside overall
    overcome overcomes overcoming overfit overhead overlook overlooked overlooking overlooks overly oversight
    overview owing page pairing paper parameter-efficient partially participation particular particularly
    partitioning partitions passing pave paves paving perceive perceptron perfect perform performances performed
    performing performs persist persistent persists perspectives phenomenon photometric pipelines pivotal pixel-wise
    placed play playing plays plug-and-play plug-in plus poor poorly popular popularity portion posed posing
    positioning positives possess possibilities potential potentially powered powerful practical practicality
    practically practice practitioners precisely predefined predictable predicted predicting predicts predominantly
    preferred preliminary preparation prerequisite presence present presented presenting presents preserve preserved
    preserves preserving pressing prevailing prevalence prevalent prevent preventing prevents previously primarily
    primary principle principled prioritize prioritizes prioritizing privacy-preserving proactively problem-solving
    procedure processed produce produced produces producing proficiency progress progressively prohibitive
    prohibitively project projected proliferation prominent promise promises promising promote promotes promoting
    prone pronounced proof-of-concept propagate propagates proper propose proposes proposing proprietary prove
    proved proven proves provide provided provides providing proximal psychology publication publications publicly
    purely purpose purposes push quadratic qualitative qualitatively quantifies quantify quantifying quantitative
    quantitatively querying question-answer question-answering quickly qwen qwen3 raise raises raising randomly
    range ranging ranked rankings rapid rapidly rarely rather reach reached reaches reaching reactive readily
    realize reason reasonable reasoning-based reasons receive received recent recently recognize recognized
    recognizing reconstruct reconstructed reconstructing reconstructs record recorded recording recover recovering
    recovers recurring reduce reduced reduces reducing reductions refer referred refers refine refined refines
    refining reflect reflected reflecting reflects reformulate reformulates reframes reframing regarded regarding
    regardless regimes regulation reinforce reinforcing relatively release released releasing reliable reliably
    reliance relied relies rely relying remain remained remaining remains remarkable remarkably remove removed
    removes removing render renders repeated repeatedly replace replacement replaces replacing replicate reported
    repository represent representative represented representing represents reproduce reproducibility reproducible
    require required requirement requirements requires requiring resilient resnet-50 resolve resolves resolving
    resonance resource-constrained resource-efficient resource-intensive resource-limited resources respect
    respective respectively respond restore restores restrict restricted restricting restricts result resulting
    retain retaining retains retention retraining retrieval-augmented retrieves retrospective returns reusing reveal
    revealed revealing reveals revisit revolutionized rich richer richness rigor rigorous rigorously rise roadmap
    robotics robots robustly role roughly routine run running runs sacrificing safeguards safer same sampled satisfy
    savings scalability scalable scaled scarce scarcity schedule scheme scored seamless seamlessly searching second
    secondly see seek seeks segmented segmenting select selected selecting selectively selects separate separately
    separates separating sequentially serious serve serves serving setting setup setups seven several severe
    severely shaped share sharing sharper sharply shifting short shortcomings shorter should show showcase
    showcasing showing shown shows signal-to-noise significance significant significantly similarities
    similarity-based similarly simpler simplicity simplified simplify simplistic simply simulate simulated simulates
    simulating simultaneous simultaneously since six sizes slightly slow smooth so solely solid solve solved solves
    some sometimes soon sophisticated sourced spanning spans spatially special specially specific specifically
    specified specify speeds speedups splits spread stabilize stabilizes stable standalone standardized start
    starting state-of-the-art statistically steer steers stem stems step-by-step still store stored stores
    straightforward strategically stratified streamline streamlined strengthen strengthening strengthens strengths
    strict strictly striking strong stronger strongest strongly structurally structuring struggle struggles
    struggling studied studies studying submission suboptimal subsequent subsequently subsets substantial
    substantially successful successfully suffer suffers sufficient sufficiently suggest suggesting suggestions
    suggests suitability suitable suited summarize superficial superior superiority supplementary supported
    supporting supports suppress suppresses suppressing surface-level surpass surpasses surpassing surprising
    surprisingly surrounding susceptibility susceptible switch switching synergistic synergistically synthesize
    synthesized synthesizes synthesizing synthetically system-level systematic systematically systemic tackle
    tackles tackling tailored take taken takes taking targeted targeting task-relevant technique technologies ten
    tend tendency tends tens termed terms testbed tested thanks them themselves then theoretically there thereby
    therefore third thorough thoroughly those though thousands three-dimensional three-stage thresholds throughout
    thus tied tight tightly time-consuming timely today's together too top top-performing total toward towards
    traceable tractable trade-off trade-offs traditionally train training-time trains transferable transferred
    transferring transfers transform transformative transformed transformer-based transforming transforms translate
    translates translating transparent treat treated treating treats trends triplet trivial truly trustworthy tuned
    twelve two-phase two-stage two-step typical typically ultimately unable unavailable unclear unconstrained
    uncover uncovering uncovers under-explored underexplored undergo underlying undermine undermines undermining
    underperform underrepresented underscore underscores underscoring understand understood uneven unexplored
    unfortunately unifies uniform uniformly unify unifying unintended union unique uniquely united universally
    unlike unlock unlocking unlocks unmanned unnecessary unprecedented unrealistic unreliable unstable unsuitable
    until up-to-date update updated upon urgent useful usefulness user-friendly user-provided uses usually
    utilization utilize utilized utilizes utilizing validate validated validates validating valuable variant varied
    varies variety various vary varying vast verified verifies verify verifying versatile versatility versions
    versus viability viable viewed viewing visibility vision-language-action vital vulnerable way waymo ways
    weakness weaknesses website weighting well well-defined well-established well-known well-suited whereas white
    whole whose why wide widely widely-used wider widespread will windows working workload works worldwide worse
    would years yet yield yielded yielding yields you zero
""".split())

PLAIN: frozenset[str] = frozenset("""
    abilities ability about abstract abstracts acceptance accountability accounting accuracies accurate acquired
    acquisition act activated activations active activities adapters adaptive additive adherence adjustment
    advantage adverse advice against agent's agent-based aggregation agriculture ai-driven algorithm algorithmic
    algorithms alignments all allocation also ambiguity ambiguous analysis analytical analytics anatomically anatomy
    anchors angle angles animations annotated annotations annotators answering answers any anything api apparent
    application approach approaches approximation arbitrary architectural architecture architectures area areas
    argues arithmetic art article artifacts artificial aspect aspects assessment assignment assistance assistant
    assistants assistive associations assumption assumptions assurance asymmetric asymmetry asynchronous at atomic
    attend attention-based audit augmentations authentic auto-regressive autoencoder autoencoders automated
    automatic automation autonomous autonomy auxiliary average aware awareness axes backbone backward balanced bank
    barrier base based baseline bases basis batch be behavior behaviors benchmarking benchmarks benign bert
    bertscore between biased bidirectional big bilingual billion binary biodiversity biological biologically
    black-box blending bleu blind block blocks blueprint blurred blurring both bound boundaries bounding bounds box
    boxes branches budget budgets but calculation calibrated calling calls candidate candidates canonical
    capabilities capability capacity capture care cascade cascaded cases catastrophic categories categorization
    category causally center chain chains challenge challenges changes channels characterization chatbot chatbots
    chatgpt check checks chemistry choice chunks cifar-10 cities city clarity classical classifier classifier-free
    claude clean clinically clinician clinicians closed closed-loop clues clusters cnn-based co-occurrence coarse
    coco code codebase codes coefficient coefficients cognition coherence cohorts cold-start collection collections
    colors commands commercial commonsense communities competence competition complete complex complexity component
    components composed composite compound comprehension compressed computation computational computations compute
    computer computing concatenation conceptual conclusions condition conditional conditioning conditions confident
    configuration configurations conflicts confusion connected connections connectivity conservation constraints
    construction consumption contents contexts contextual continuity continuous contrasting controllable controller
    controls convergence conversation conversion convolutional convolutions cooperation coordinate coordinated
    coordinates corpora corpus correct corrective correctness correlated correlation correlations correspondences
    cosine cost could count countries counts coupling cover coverage creation criteria criterion cropping crops
    cross cross-attention cross-modality cross-model cross-task cues curation current curve curves customized cycle
    cycles data-centric data-driven data-efficient database databases datasets day de debates decision
    decision-making decisions decoder decoders decomposed decoupled decoupling deepseek deepseek-r1 deepseek-v3
    defenses definition degradation degraded demo demographics demonstration dense dependencies dependency
    deployment describing description descriptions descriptive design desired detail detailed details detected
    detector deterministic developers development deviation deviations device devices diagnoses dice did difference
    differences different differentiable differential differentiation difficulty diffusion-based digital dimension
    dimensionality dimensions dino directed disagreement disciplines discrepancies discriminability discrimination
    discriminative discriminator discussion discussions diseases disentangled disentanglement disorder disorders
    disparities disparity displacement display distance distances distilled distinctive distributed distributional
    distributions divergence diverse domain-specific domains dominance dominant downsampling downstream dropout
    dual-stream duration during each early early-stage earth easy ecological economic ecosystem edges effect
    effective effects efficiency efficient effort element elements emergent emotionally encoding end-to-end engine
    engines ensembles entanglement entries environment environmental environments equation equations equivalence
    erroneous errors estimate estimates estimator estimators etc evaluating evaluator everyday evidence-based
    evolution evolving exact examination executable existence existing expansion experience experiences expert-level
    explainability explainable explicit exposed expressive expressiveness extension external extractors extreme
    extrinsic f1-score face fact factors failure failures faithful falls false family fast faster feature-level
    feed-forward fewer fidelity field fields files film filter filtering final finance find fine fine-grained
    fine-tuned first five flash flaws flows fluency flux follow-up following footage footprint force forces forcing
    form format formation formats formulation fourier fps frame-level frameworks framing free free-form free-text
    frequency-aware frequency-domain frontier frozen full function functional functions fused future g gans gap gaps
    gate gated gating gemini gemini-2 gemma general general-purpose generalisation generalist generalization
    generalized generate generated generating generator generators generic genuine geometrically geometries get go
    goal goals good google gpt-3 gpt-4 gpt-4o gpt-4o-mini gpu grad-cam gradient gradient-based granularities
    granularity graph-based graphics greedy grid grids ground ground-truth grounded grouped grouping groups growth
    gsm8k guarantees guidance guidelines had half hard hardware harm harness has have healthy heart heatmaps helpful
    heterogeneity heterogeneous heuristic heuristics hidden hierarchy high high-dimensional high-level
    high-performance high-quality high-resolution high-resource higher-order histories history homogeneous hours how
    human-ai human-centric human-like human-written humans hybrid hyperparameters i ideas identification identities
    if ill-posed image-based image-text image-to-image imagenet-1k imbalance imbalanced imitation immersive
    imperceptible implementations importance in-the-wild inclusion incomplete inconsistencies inconsistency
    incorrect index indicators indices individual individuals industry inference-time inferences influence informal
    information-theoretic infrastructure initial initialization initialized injection input inputs insertion inside
    inspection instability instances institutional instruct instruction-tuned integration integrity intelligence
    intelligent intensity intents interactions interference intermediate internal international interpolation
    interpretability interpretable interpretation interpretations intersection intervals intervention interventions
    into intrinsic intuition intuitive invariance invariant iou irregular it iteration iterations iterative its
    joint joints judge judgment judgments keypoints keywords kinematic kitti kl knowledge-intensive known labeled
    labeling labor language-specific large large-scale late latent-space law layer-wise layered leaderboard learn
    learnable learned learners leaves left lens level levels lexical library license lie life like likelihood line
    linear lines linking literature live llama llama-3 llama3 llava llm's llm-as-a-judge llm-based llm-generated
    localized location locations logistic logit logs long-range long-tail long-term longer loop losses low low-cost
    low-level low-quality low-resolution machine machines macro macro-f1 maintenance majority mamba-based management
    manipulated manipulations manual mappings margin markers markov masks materials mathematics matrices maximum may
    mean meaning measurements measures mechanism mechanisms mechanistic median medicine merge message methodology
    metric metrics middle million minimization minority minutes mirror misalignment misleading mistral mitigation
    mixture mixture-of-experts mlp mmlu modality-specific model's model-based modeled modelling modes modifications
    modular modulation modules moments more morphological morphologically morphology movements moving ms multi
    multi-dimensional multi-domain multi-level multi-objective multi-round multi-source multi-step multiple
    multiscale mutual naive name names narratives national native natural naturalness neighborhood neighboring
    networks neuro-symbolic neutral new next-token noisy non-english non-linear nonlinear normalization normals
    norms not novel novel-view novelty number numbers nuscenes object-level objective objectives observable
    observations occlusion occlusions on-device one only opacity open open-domain open-ended open-source open-weight
    openai operation operational operations opinions optimal oracle orchestration order orders organization
    organizations orientation oriented original orthogonal outcome outcomes outdated outdoor outline output outputs
    over overfitting overlap overlapping overthinking own pair paired pairs pairwise par paradigm paradigms
    parallelism parameter parameterized parameters pareto part partial participants partition parts pass passages
    passes passive past patch-based patch-level path paths pathway pathways pattern patterns peak pearson
    pedestrians penalty people per per-frame percentage perplexity personal perspective perturbed phases phenomena
    photorealistic phrases physically physics-based physiological pilot pipeline pixel pixel-level pixels place
    placement plan plane planner planners platform platforms plausibility plausible points pool pooling population
    populations poses position positions positive possibility possible post post-hoc post-processing power practices
    pre pre-trained precise precision predict predictions predictive predictor predictors preprocessing preservation
    pretrained previous primitive principal principles prior private pro proactive probabilities probe probing
    problem problematic procedures process processes processing production productivity professional professionals
    profiles program programs progressive projects prompt-based prompted proof propagation properties property
    proportion proposal proposals proposed protocol protocols providers proving proxies proximity proxy psnr public
    published pure python quantification quantity quantized question qwen2 r random randomized ranks rate rates
    rating ratings ratio ratios raw react read real real-world realism realistic reality recall recipe recipes
    recommendations reconstructions records recovery reduction redundancy redundant references refinement regime
    region regional regression regular regularization regularizer regulations reinforcement rejection related
    relational relations relationship relationships relative relevance relevant reliability rendered renderings
    repetitive replay report reporting representational request requests researchers resilience resistance resnet
    resnet50 resource response responsible results retrieve retrieved retrieving return reusable reuse reverse right
    rigid risks rl-based rlhf rmse roberta robust robustness roles rollout rollouts room root rouge rounds route
    routes rubric rule-based runtime safe safety-critical salient sample samples satisfaction saturation scalar
    scale scales scan scans scenario scenarios scene-level schedules schemas schemes science sciences scientists
    scope score scores scratch scripts searches secondary seconds sections secure security seeking seen segment
    segmentations segments selective self-attention self-distillation semantically semantics sense sensitive
    sensitivity sensors sentence-level sentinel-2 separability separation sequence sequences sequential server
    services sessions set sets settings shallow shapes shaping shared sharp shift shifted shifts short-term showed
    side signal signals signatures signed similar simple simulations simulator single single-agent single-image
    single-pass single-step single-turn single-view singular sites situational situations size skip sliding small
    small-scale smaller smart smoothing smoothness societal software solution solutions solving sonnet sota sound
    source sources spaces span spanish speakers specialist specialization specialized specificity spectrum speed
    speedup split splitting square ssim stability stages standard standards states static statistical statistics
    status step steps stepwise stochastic stopping storage strategies strategy streams strength structural structure
    structure-aware structured structures study sub-tasks subjective subjects submissions subset subtasks subtle
    success such suite summary supervised supervision support suppression surgery surveillance surveys
    sustainability sustainable symmetric synchronized synergy syntax synthesis system's targets task-agnostic
    task-aware task-oriented task-specific taxonomy teacher-student teaching technical techniques technology
    templates temporally tendencies tension term terminology test testing tests text-based text-driven text-guided
    text-image text-only text-to-image text-to-video textures than theoretical theories theory they think thought
    threats three threshold thresholding through throughput time times timing tiny token-level tomography
    tool-augmented top-1 top-k traceability tracing track tracker tracks trade tradeoff traditional trainable
    trained training-free transcription transcripts transformation transformations transformer transformers
    transition transitions translated translations transmission transparency transportation trees trend triggers
    triplets true trust trustworthiness truth tuning turn turns twins two type types unbiased uncertain
    uncertainty-aware unconditional under undesirable unified unimodal unit units universal university unrelated
    unseen unstructured up updates updating upper us usability usage use used user's user-specified using utility
    utterances v2 valid validation validity value vanilla variability variable variance variants variation
    variational variations vector vehicles verbal verifiable version vertical very via video-based viewpoint
    viewpoints violations virtual visible vision-based vision-language visualization visualizations visually
    vlm-based volume voting vulnerabilities vulnerability weak weaker weight weighted weights what when where
    whether while white-box who whole-slide wikipedia wild win window within without work workflows written x-rays
    yolo
""".split())

SUBJECTS: frozenset[str] = frozenset("""
    abstraction abstractions acceleration accuracy action actions activation activity adaptation adapter aesthetics
    age agency agent agents agreement alignment alpha anchor anchoring animation annotation anomalies answer
    appearance arabic argument arguments articles artifact asr assembly asset assets association attack attacks
    attention attribute attributes attribution auc audio auditing augmentation auroc authenticity authors avatar
    avatars background bands bandwidth behaviour belief beliefs bench benchmark bev bias biases bit blur body
    boundary brain branch business cache caching cad calibration camera cameras cancer caption captioning captions
    causality cell cells change channel character characters charts chat children chinese citation claim claims
    class classes classification classifiers client climate clip clips cloud clouds cluster clustering cnn cnns
    codebook coding collaboration collapse color communication completion compliance composition compositions
    compression concept concepts confidence conflict consensus consistency constraint contact contamination content
    context control controllability conversations convolution coordination correction correspondence cot counting
    creativity credit critic critique crop culture curriculum customization damage dataset debate debiasing
    deblurring decay decentralized decoding decomposition defects defense definitions deformation deformations
    degradations delivery demonstrations denoising density depth descriptors detection detections detectors
    diagnosis diagrams dialects dialogue dialogues diffuse diffusion disambiguation discourse discovery disease
    distillation distortion distortions distractors distribution dit diversity document documentation documents
    domain dpo draft drift driver driving dynamics edge edit edited editing edits education ehr embedding embeddings
    emotion emotions encoder encoders encodings energy engagement engineering english enhancement ensemble entities
    entity entropy error estimation evaluation evaluators event events evidence examples exams execution exemplars
    expert experts explanation explanations exploration exposure expression expressions extraction extrapolation eye
    facts factuality fairness faithfulness fashion features feedback fid figures filters finetuning fitting flow
    fluid fms food forecasting foreground forest forgery forgetting foundation frame frames french frequency fundus
    fusion game games gan gaussians gaze gender generation geometry german governance gpt gradients grading grammar
    graph graphs grounding group grpo guardrails gui hacking hallucination hallucinations hand harms hate head heads
    health healthcare helpfulness hierarchies histopathology hypotheses hypothesis icl identity illumination image
    imagery images imaging impossible indoor inference information infrared inpainting instance instruction
    instructions intent intentions interaction inversion italian item items japanese json judges kappa kernel
    kernels keys kgs knowledge korean label labels land landmarks languages latency latents laws layer layers layout
    layouts leakage learner length lesions lidar lifecycle light lighting list llm llms lmms lms load locality
    localization log logic logits long lora loss lrms lstm lung lvlm lvlms mae mamba manifold manipulation
    manufacturing map mapping maps market mask masking matching material math matrix mcp meanings measurement media
    memories memorization memory merging mesh meshes messages metadata microscopy mind mining miou misinformation
    missing mistakes mixing mllm mllms mobility modalities modality mode modeling moderation module moe moment
    monitor monitoring monolingual motion motions movement mri music nano navigation negatives neighbor ner nerf
    network neuron neurons neuroscience news nlp node nodes noise notes nvidia object objects occluded occupancy ocr
    offline oncology online ontologies ontology ood operator operators opinion optimization ordering outliers pages
    papers parallel parameterization parsing patch patches pathology patient patients pca pedestrian peft perceived
    percent perception person persona personality personalization personalized personas perturbation perturbations
    phase physicians physics planning plans plant players point policies policy pose posterior posts ppo prediction
    preference preferences prefix presentation pressure pretraining primitives priors privacy probability probes
    problems product products profile programming progression projection projections prompt prompting prompts proofs
    protection prototype prototypes pruning puzzles pyramid quality quantization queries query questions race radar
    radiation radiologists radiology rag rank ranking rationale rationales ray readability readers reading reasoner
    reasoning recognition recommendation reconstruction recordings red reference referring reflectance reflection
    reflections regions registration relation removal rendering repair reports repositories representation
    representations reranking research resolution resolutions responses restoration retrieval retriever review
    reviews revision reward rewards rewriting rgb risk rlvr robot rope rotation router routing rubrics rule rules
    safety saliency sam sampling sar satellite scaling scanning scattering scene scenes scheduling schema scoring
    screening script search seed segmentation selection self sensing sensor sentence sentences sentiment series
    service severity sft shape shortcut shortcuts shot signs sim similarity simulation simulators skeleton sketch
    sketches skill skills slam slices slide slms softmax solver solvers space sparse sparsity speaker species
    specification specifications speech splatting spoken sports sql ssl stack stage state statements steering stereo
    stereotypes stream streaming stress student students style styles subject subspace summaries summarization
    surface surfaces surrogate survey svm symmetry synchronization system systems tables tabular tags target task
    taxonomies teacher teachers team teams temperature template text texts texture themes theorem thinking thoughts
    threat timestep timesteps tissue token tokenization tokenizer tokenizers tokens tone tool toolkit tools topic
    topics topology toxicity trace traces trackers tracking trait traits trajectories trajectory transfer
    transferability translation transport travel treatment tree trial trials trigger triples truthfulness tts tumor
    tumors uav uavs ultrasound uncertainty understanding unet unknown unlearning unsafe upsampling users vae values
    variables vectors vehicle velocity verification verifier verifiers vggt video videos view views vision vit vits
    vla vlm vlms vocabulary voice volumes voxel vqa water watermarking weather web wer whisper word words workflow
    world worlds writing wsis xai
""".split())
