"""The built-in tag rules for deep-learning systems papers (data only)."""

# Words in lower case match any case; words in upper case (acronyms) match
# only in upper case, so "tee" or "fl" in ordinary prose never trigger them.
# Every word also matches its plural (-s, -es, -y/-ies); hyphens and spaces
# are interchangeable because both separate words.
BUILTIN_RULES: dict[str, list[str]] = {
    "accelerators": [
        "GPU", "TPU", "NPU", "FPGA", "ASIC", "accelerator", "AI accelerator",
        "graphics processing unit", "tensor processing unit", "CUDA",
    ],
    "distributed-training": [
        "distributed training", "distributed deep learning", "distributed machine learning",
        "distributed DL", "DDL", "DDLS", "DDNN", "data parallel", "data parallelism",
        "parameter server", "all reduce", "allreduce", "synchronous SGD", "asynchronous SGD",
        "gradient synchronization", "scaling out", "scale out",
        "parallel training",
        "training at scale [with: parallel, distributed, GPUs, nodes, workers]",
        "decentralized training", "decentralized computation",
        "large scale pretraining [with: GPUs, interconnect, cluster, nodes]",
    ],
    "model-parallelism": [
        "model parallel", "model parallelism", "pipeline parallel", "pipeline parallelism",
        "tensor parallelism", "operator parallelism", "hybrid parallelism", "pipeline training",
        "model partitioning", "3D parallelism",
    ],
    "communication": [
        # Bare "communication" is mostly human communication outside systems papers
        # (benchmarks/tag_precision.md): only the systems senses.
        "communication overhead", "communication cost", "communication efficient",
        "communication bottleneck", "communication delay", "communication latency", "communication volume",
        "communication network", "communication protocol", "wireless communication", "communication heavy",
        "networking", "interconnect", "RDMA", "InfiniBand", "NVLink",
        "network delay", "network contention", "network bandwidth",
        "gradient compression", "collective communication", "all reduce", "allreduce",
        "communication [with: parallel training, distributed training, GPUs, all reduce, allreduce, gradients]",
    ],
    "scheduling": [
        # Bare "scheduling" and "resource management" are mostly operations research and ecology outside
        # systems papers (benchmarks/tag_precision.md): only computing senses.
        # Bare "scheduler" is often a learning-rate scheduler.
        "cluster scheduler", "GPU scheduler", "job scheduler", "operating system scheduler", "GPU scheduling",
        "cluster scheduling", "job scheduling", "thread scheduling",
        "request scheduling", "workload scheduling", "pipeline scheduling", "micro batch scheduling",
        "scheduling policy", "GPU allocation", "job placement", "colocation", "colocating", "consolidation",
        "scheduling framework [with: workload, workloads, data center, data centers, cloud, cluster, GPU, jobs]",
        "learning jobs [with: cluster, clusters, GPU]",
        "training jobs [with: cluster, clusters, GPU, scheduler, scheduling]",
        "DNN jobs",
        "DL jobs",
        "deep learning jobs",
        "metascheduling", "real time scheduling", "scheduling [with: time triggered, real time systems, processors]",
    ],
    "inference-serving": [
        # "serving" and "inference" alone misfire ("serving as the foundation", "type inference").
        "model serving", "LLM serving", "serving system", "serving latency", "inference serving",
        "serve requests", "inference requests", "online inference", "inference throughput", "inference latency",
        "LLM inference", "transformer inference", "DNN inference", "speculative decoding",
        "serving transformer", "serving large language model",
        # Read on arXiv systems papers (tag_recall.py); logic has "inference engines" too.
        "deep learning inference", "DL inference", "inference infrastructure",
        "inference engines [with: LLM, GPU, serving, language models]",
    ],
    "large-language-models": [
        # "foundation model" is also a vision or speech foundation model.
        "large language model", "LLM", "GPT", "language model",
    ],
    "transformers": ["transformer", "self attention", "attention mechanism", "sparse attention", "BERT"],
    "vision-cnn": [
        "CNN", "convolutional neural network", "convolutional network", "convolution",
        "image classification", "computer vision", "object detection", "ResNet", "ImageNet",
        "image segmentation", "semantic segmentation", "instance segmentation", "Earth observation",
    ],
    "recommendation": [
        # Bare "recommendation" is also advice ("medical recommendations"): recommender senses only.
        "recommender", "recommendation system", "recommendation model", "recommendation task",
        "sequential recommendation", "generative recommendation", "conversational recommendation",
        "personalized recommendation", "item recommendation", "product recommendation", "news recommendation",
        "content recommendation", "recommendation dataset", "DLRM", "embedding table", "click through",
        "collaborative filtering",
    ],
    "graph-learning": [
        "graph neural network", "GNN", "graph convolutional network", "GCN",
        "node embedding", "graph learning", "graph embedding",
    ],
    # "FL" alone is also Flare or fault localization.
    "federated-learning": ["federated learning", "federated"],
    "memory": [
        # Bare "memory" is agent, human or LSTM memory as often as a computer's (benchmarks/tag_precision.md).
        "memory footprint", "memory consumption", "memory overhead", "memory cost", "memory usage",
        "memory bottleneck", "memory requirement", "memory demand", "memory bandwidth", "memory hierarchy",
        "memory efficient", "memory intensive", "memory capacity", "memory limit", "memory wall",
        "memory constrained", "limited memory", "GPU memory", "host memory", "on chip memory", "device memory",
        "out of memory", "KV cache", "offloading", "recomputation", "gradient checkpointing",
        "activation checkpointing",
    ],
    "data-loading-io": [
        # Bare "storage" is also energy, carbon or warehouse storage, and "preprocessing" is not I/O.
        "data loading", "data loader", "dataloader", "storage traces", "I/O traces", "input pipeline", "training data pipeline", "I/O bottleneck",
        "I/O throughput", "network storage", "remote storage", "distributed storage", "storage node",
        "storage cost", "storage overhead", "storage requirement", "storage bandwidth", "storage and transmission",
        "distributed file system", "parallel file system", "prefetching",
    ],
    "energy-carbon": [
        # Bare "energy", "emission" and "sustainable" are energy markets, positron emission tomography and
        # sustainable agriculture outside systems papers: only the energy of computing.
        # Read on arXiv samples (tag_precision.md): "energy consumption", "energy efficiency", "energy cost" and
        # "carbon footprint" are as often about buildings, industry or products; these phrases are of computing.
        "energy efficient computing", "energy efficient inference", "energy efficient training",
        "energy consumption of", "power consumption", "energy budget", "power budget", "low power", "power constrained",
        "power draw", "energy per inference", "energy per token", "training energy", "inference energy",
        "carbon footprint of training", "carbon footprint of AI", "green AI",
        "energy consumption [with: data center, data centers, cloud, GPU, training, inference, computing, workloads, "
        "cluster, servers]",
        "energy efficient [with: scheduling, data center, data centers, cloud, GPU, training, inference, cluster]",
        "carbon footprint [with: training, AI, model, models, computing, GPU, data center]",
        "computational power and energy",
    ],
    "cloud-cost": [
        # "cost" alone misfires (any "cost of"): only money and cloud phrases.
        # Bare "cloud" is mostly a point cloud or a weather cloud outside systems papers, and "budget" a
        # token budget (benchmarks/tag_precision.md).
        "cloud computing", "cloud server", "cloud servers", "cloud service", "cloud provider", "cloud based AI",
        "cloud based LLM", "cloud based inference", "cloud based processing", "cloud based service",
        "cloud based system", "cloud based infrastructure", "cloud hosted",
        "cloud operator", "cloud instance", "cloud resources", "cloud infrastructure", "cloud edge",
        "edge cloud", "public cloud", "cloud cost", "monetary cost", "dollar cost", "operational costs [with: GPUs, data center, inference, cloud]", "training cost",
        "cost saving", "spot instance", "transient server", "preemptible", "serverless", "pay as you go",
        "cloud data center",
        "training as a service",
        "compute budget",
    ],
    "elasticity-fault-tolerance": [
        # Bare "failure", "checkpoint", "resilience" and "elastic" are failure modes of models, model
        # checkpoints, urban resilience and elastic rods outside systems papers.
        "elastic training", "elasticity [with: training, jobs, cluster, GPU]", "elastic scaling", "elastic resource",
        "fault tolerance",
        "fault tolerant", "checkpointing", "straggler", "preemption", "node failure", "hardware failure",
        "GPU failure", "failure recovery", "resilient training",
    ],
    "heterogeneous-hardware": [
        # Bare "heterogeneous" describes data almost everywhere: only hardware.
        "heterogeneous hardware", "heterogeneous GPU", "heterogeneous cluster", "heterogeneous device",
        "heterogeneous accelerator", "heterogeneous resource", "heterogeneous computing", "hardware heterogeneity",
        "different generations", "mixed GPU",
    ],
    "security-privacy": [
        # Bare "security" is food, national or airspace security, and "secure" a verb, outside systems papers.
        "privacy", "privacy preserving", "security risk", "security vulnerability", "security concern",
        "security challenge", "security issue", "cybersecurity", "data security", "model security",
        "system security", "software security", "secure computation", "secure aggregation", "secure inference",
        "trusted execution", "TEE", "enclave", "confidential computing", "differential privacy",
        "adversarial attack", "jailbreak", "backdoor attack", "membership inference",
    ],
    "benchmarking": [
        # "state of the art on several benchmarks" is a mention, not a benchmarking study.
        # "set new benchmarks" is an idiom; "characterization" and "profiling" are also of materials and users.
        "benchmarking", "a new benchmark", "benchmark suite", "benchmark study", "we benchmark",
        "we present a benchmark", "we introduce a benchmark", "workload characterization",
        "performance characterization", "characterization study", "performance analysis",
        "performance characteristics [with: devices, GPUs, hardware, mobile, CPUs]",
        "performance profiling", "GPU profiling", "empirical study", "measurement study", "comparative study",
        "performance diagnosis",
        # Evaluating models is the subject only when the models are the object, not one step of a method.
        "evaluation of deep learning models", "evaluation of machine learning models",
        "evaluate the performance [with: machine learning model, deep learning model, neural network]",
    ],
    "compute-demand": [
        # "LLMs demand substantial computational resources" opens many method abstracts as a mention: the
        # resources must be GPUs, clusters or those of training, or their use the subject.
        "computing resources [with: GPU, clusters, data center]",
        "computational resources [with: GPU, clusters, data center]",
        "computational power [with: GPU, clusters]", "computing power [with: GPU, clusters]",
        "computing resources for training", "computational resources for training",
        "use of computing resources", "use of computational resources", "compute requirements", "compute intensive",
        "GPU hours", "size of deep learning models", "size of neural networks",
    ],
    "data-quality-bias": [
        "biased data", "unbiased data", "data bias", "dataset bias", "unverified data", "label noise",
        "noisy labels", "mislabeled data", "data quality [with: training, deep learning, models]",
        "fairness [with: deep learning, machine learning, neural networks, model, models]",
    ],
    "explainability": [
        # "lack interpretability" and "saliency maps" of salient object detection are mentions: the
        # explaining must be the subject.
        "explainable AI", "XAI", "explainable machine learning", "explainability methods", "explainability of",
        "explainability techniques", "interpretability methods", "interpretability of", "mechanistic interpretability",
        "automated interpretability", "black boxes [with: neural networks, deep learning]", "black box models",
        "feature attribution", "attribution methods", "model explanations", "post hoc explanations",
        "concept bottleneck",
    ],
    "training-optimization": [
        # Bare "gradient descent" is often one word of a method description.
        "stochastic gradient descent", "SGD", "learning rate", "weight decay",
        "batch size [with: training, SGD, convergence]", "re parameterise", "re parameterize",
        "reparameterization", "loss function [with: weights, minimise, minimize, minimising, minimizing]",
        # "checkpoints the optimizer state" is fault tolerance: optimizers only by name.
        "Adam optimizer", "optimizers such as", "optimization algorithms [with: neural networks, deep learning]",
    ],
    "scientific-computing": [
        "high energy physics", "particle physics", "Large Hadron Collider", "LHC", "scientific computing",
        "scientific workflows", "scientific simulations", "HPC", "high performance computing",
        "supercomputer", "supercomputing", "numerical simulations",
        "scientific discovery [with: facilities, workflows, distributed, HPC]",
    ],
    "ml-frameworks": [
        "TensorFlow", "PyTorch", "MXNet", "Caffe", "Theano", "Torch", "JAX", "Horovod",
        # "a novel deep learning framework" names a method, not software: named frameworks only.
        "Keras", "DeepSpeed", "Megatron", "deep learning frameworks such as",
        "software frameworks [with: deep learning, machine learning, neural networks]",
    ],
    "compilers-kernels": [
        # "code generation" is an LLM-for-code task far more often than a compiler pass.
        "compiler", "TVM", "XLA", "kernel fusion", "operator fusion", "kernel generation", "tensor program",
    ],
    "hyperparameter-tuning": [
        # A mere mention of "a hyperparameter" is not tuning.
        "hyperparameter tuning", "hyperparameter optimization", "hyperparameter optimisation",
        "hyperparameter search", "hyperparameter selection", "tuning of hyperparameters", "AutoML",
        "neural architecture search",
        "hyper parameters [with: tune, tuning, tuned]",
        "tune hyperparameters",
    ],
}
