import json
from pathlib import Path

def load(path):
    with open(path) as handle:
        return json.load(handle)

for name in Path(".").glob("*.json"):
    data = load(name)
    print(name, len(data))
