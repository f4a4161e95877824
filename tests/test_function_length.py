"""No function of the engine runs over 60 lines (issue 27 split refresh, the last one that did;
the twenty-fourth pass split rank_pool, _held, _answers and choose_lines when they grew past
it). A long function is where a rule hides from its reader: split it into named steps."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
LIMIT = 60


def test_no_engine_function_runs_over_60_lines():
    long = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > LIMIT:
                    long.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno} {node.name} ({n} lines)")
    assert not long, "functions over 60 lines: " + "; ".join(long)


def test_the_check_sees_a_long_function(tmp_path):
    # the walk finds a function of 61 lines (so the test above can fail)
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    node = ast.parse(f"def f():\n{body}\n").body[0]
    assert node.end_lineno - node.lineno + 1 == 61 > LIMIT
