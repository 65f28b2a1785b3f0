"""The triage page: a local web page over the collection (``paperlist serve``); the only stage that speaks HTTP."""
