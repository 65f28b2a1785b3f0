"""Learning what to read from the user's decisions: features, the relevance model, replaying labelled sets (pure)."""
