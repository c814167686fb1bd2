"""The language-model adapter (issue 38, point 9): a complete prompt, an
OpenAI-compatible client tested against a local HTTP server speaking the same API (no
network), an unreadable answer asked again and then replaced by a uniformly random
legal action."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from onenight.research import parallel_env
from onenight.research.actions import NOOP
from onenight.research.llm import GRAMMAR, ChatClient, LLMPolicy, prompt


class FakeEndpoint(BaseHTTPRequestHandler):
    """``POST /v1/chat/completions`` as OpenAI's API answers it; the test scripts the
    replies (``script``: status, delay, text) and keeps the requests."""

    script: ClassVar[list[tuple[int, float, str]]] = []
    requests: ClassVar[list[dict[str, Any]]] = []
    default = '{"type": "nothing"}'

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeEndpoint.requests.append({"path": self.path, "body": body})
        status, delay, text = (
            FakeEndpoint.script.pop(0) if FakeEndpoint.script else (200, 0.0, self.default)
        )
        time.sleep(delay)
        data = {
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 11, "completion_tokens": 3, "total_tokens": 14},
        }
        raw = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(raw)  # a client that timed out is gone

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def endpoint() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeEndpoint)  # a free port
    FakeEndpoint.script, FakeEndpoint.requests = [], []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_the_client_speaks_the_chat_api_counts_tokens_and_keeps_a_transcript(
    endpoint: str, tmp_path: Path
) -> None:
    client = ChatClient(endpoint, "test-model", api_key="k", timeout=2, retries=0)
    FakeEndpoint.script = [(200, 0.0, "hello"), (200, 0.0, "again")]
    assert client("first?") == "hello" and client("second?") == "again"
    (req, _) = FakeEndpoint.requests
    assert req["path"] == "/v1/chat/completions"
    assert req["body"]["model"] == "test-model"
    assert req["body"]["messages"] == [{"role": "user", "content": "first?"}]
    assert (client.prompt_tokens, client.completion_tokens) == (22, 6)
    client.save_transcript(tmp_path / "game.jsonl")
    rows = [json.loads(x) for x in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert [r["answer"] for r in rows] == ["hello", "again"] and client.transcript == []


def test_the_client_retries_server_errors_and_timeouts_then_gives_up(endpoint: str) -> None:
    client = ChatClient(endpoint, "m", timeout=0.3, retries=2, backoff=0.01)
    FakeEndpoint.script = [(500, 0.0, "x"), (200, 1.0, "late"), (200, 0.0, "ok")]
    assert client("q") == "ok"
    assert len(FakeEndpoint.requests) == 3
    FakeEndpoint.script = [(503, 0.0, "x")] * 3
    with pytest.raises(RuntimeError, match="failed 3 times"):
        client("q")


def play_until(e, seed: int, stop) -> tuple[dict, dict]:
    obs, infos = e.reset(seed=seed)
    while not stop(e):
        acts = {a: int(np.flatnonzero(obs[a]["action_mask"])[-1]) for a in e.agents}
        obs, _, _, _, infos = e.step(acts)
    return obs, infos


def test_the_prompt_has_the_rules_the_seats_own_night_the_grammar_and_all_said() -> None:
    e = parallel_env("neurips2024")
    for seed in range(40):
        _, infos = play_until(e, seed, lambda e: e.match.phase == "day" and e.match.round == 1)
        m = e.match
        speaker = m.to_move()[0]
        view = infos[f"seat_{speaker}"]["view"]
        text = prompt(view, "day", "jin2024")
        for role in set(e.config.deck):
            assert f"  {role} x" in text
        assert "draw" in text  # Jin et al.'s win conditions
        assert GRAMMAR in text
        for post in m.board:
            assert f"seat {post.seat} said:" in text
        # the seat's own night: a Troublemaker is told whom it swapped, a Robber whom it robbed
        card = m.setup.cards[speaker]
        for _, action in m.done[speaker]:
            if action["type"] != "pass":
                assert f"At night you did: {json.dumps(action)}" in text
        if card == "troublemaker" and m.done[speaker]:
            break
    else:
        pytest.fail("no deal put a Troublemaker who acted in the speaker's seat")


def test_an_unreadable_answer_is_asked_again_then_a_uniformly_random_legal_action() -> None:
    e = parallel_env("ultimate")
    obs, infos = play_until(e, 1, lambda e: e.match.phase == "vote")
    asked: list[str] = []

    def babbler(text: str) -> str:
        asked.append(text)
        return "I am not sure."

    picks = []
    for seed in range(60):
        policy = LLMPolicy(babbler, e.table, seed=seed)
        picks.append(policy(obs["seat_0"], infos["seat_0"]))
        assert policy.fallbacks == 1
    legal = set(np.flatnonzero(obs["seat_0"]["action_mask"]).tolist())
    assert set(picks) == legal  # every legal vote comes up: no bias to the first
    assert len(asked) == 120 and "could not be read" in asked[1]


def test_llm_policies_play_whole_games_against_the_local_endpoint(endpoint: str) -> None:
    client = ChatClient(endpoint, "m", timeout=2, retries=0)
    e = parallel_env("neurips2024")
    obs, infos = e.reset(seed=5)
    policies = {a: LLMPolicy(client, e.table, "jin2024", seed=a) for a in e.agents}
    while e.agents:
        acts = {a: policies[a](obs[a], infos[a]) if infos[a]["to_move"] else NOOP for a in e.agents}
        obs, _, _, _, infos = e.step(acts)
    assert e.match.phase == "end" and client.prompt_tokens > 0
    said = [p.claim.to_json() for p in e.match.board]
    assert said and all(c == {"type": "nothing"} for c in said)  # the endpoint's answer
