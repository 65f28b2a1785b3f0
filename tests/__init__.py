import os

# Tests never read or write the user's topic cache (cli/cache.py); the tests of the cache give it a directory.
os.environ["PAPERLIST_CACHE"] = "off"
