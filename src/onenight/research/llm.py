"""Language models at the table: a complete prompt, an OpenAI-compatible chat client
(httpx: timeouts, retries, token counts, a transcript per game) and the policy that asks
it (docs/research.md, "Language models").

The prompt gives the deck's roles and what each does at night, the win conditions of the
game's rule (``Config.outcome``), the seat's own night (what it did and what it
learned), the whole claim grammar, everything said so far with speaker and round, and
the legal answers. An answer that cannot be read as a legal one is asked again once;
then a uniformly random legal action is played (seeded), never a fixed first choice.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import httpx

from onenight.bots.say import say
from onenight.session.claims import ClaimError, claim_from_json

from .actions import ActionTable
from .agents import parse_json, table_for
from .match import DAY, NIGHT, VOTE

#: What each role does (RULES.md §3, in short), for the prompt.
ROLES = {
    "villager": "no night action",
    "werewolf": "wakes with the other Werewolves and sees them",
    "alpha_wolf": "a Werewolf who also moves the center Werewolf card to another player",
    "mystic_wolf": "a Werewolf who may also look at another player's card",
    "dream_wolf": "a Werewolf who does not wake; the other wolves see him",
    "minion": "sees the Werewolves (they do not see him); on their team",
    "seer": "may look at another player's card or at two center cards",
    "apprentice_seer": "may look at one center card",
    "robber": "may swap his card with another player's, then looks at his new card",
    "troublemaker": "may swap the cards of two other players without looking",
    "drunk": "must swap his card with a center card without looking",
    "insomniac": "looks at her own card at the end of the night",
    "mason": "wakes with the other Mason and sees him",
    "tanner": "no night action; wins only if he dies",
    "hunter": "no night action; if he dies, the player he voted for dies too",
    "doppelganger": "looks at another player's card and becomes that role",
    "sentinel": "may put a shield on another player's card (it cannot be moved or seen)",
    "paranormal_investigator": "may look at up to two players' cards; becomes what he sees "
    "if it is a Werewolf or the Tanner",
    "witch": "may look at a center card, then must swap it with any player's card",
    "village_idiot": "may move every other card one seat",
    "revealer": "may turn another player's card face up (a Werewolf or Tanner goes back down)",
    "aura_seer": "sees who looked at or moved a card this night",
    "bodyguard": "no night action; the player he votes for cannot die",
    "apprentice_tanner": "sees the Tanner; on the Tanner's side",
    "little_girl": "may peek at the Werewolves",
    "sorcerer": "may look at another player's card or at two center cards",
    "phantom_thief": "may swap his card with another player's, then looks at it",
    "ghost_hunter": "may look at up to two players' cards",
}

#: Who wins, for each ``outcome`` rule (variants.py; RULES.md §5).
WINNING = {
    "rulebook": "Everyone votes for another player at once. If the highest count is 1, "
    "nobody dies; otherwise every player tied at the highest count dies. If at least one "
    "player is a Werewolf, the village team wins when a Werewolf dies and the werewolf "
    "team wins otherwise. If no player is a Werewolf, the village wins when nobody dies. "
    "Your team is the team of the card you hold at the end of the night.",
    "jin2024": "Everyone votes for another player, or gives up the vote. If no player is a "
    "Werewolf at the end of the night, the game is a draw. Otherwise the player(s) with "
    "the most votes are voted out: the village wins if one of them is a Werewolf, the "
    "werewolves win if none is; if every top player got one vote, it is a draw.",
    "wolfbot": "Everyone votes. The player(s) with the most votes die, unless every "
    "player is tied (then nobody dies and the village wins only if no player is a "
    "Werewolf). The village wins if a Werewolf dies; otherwise the werewolves win.",
}

GRAMMAR = """Claims (one JSON object per turn; seats are numbers, center cards "center:0" …):
  {"type": "i_am", "role": R}                          I was dealt R
  {"type": "saw", "looks": [{"target": T, "card": R}]}  I saw card T is R (one or two looks)
  {"type": "took", "target": S, "card": R}              I robbed seat S and became R
  {"type": "swapped", "targets": [A, B]}                I swapped A and B
  {"type": "copied", "target": S, "role": R}            I copied seat S, who was R
  {"type": "shielded", "target": S}                     I shielded seat S
  {"type": "revealed", "target": S, "card": R}          I turned up seat S's card: R
  {"type": "partners", "seats": [S, ...]}               my fellow Masons are these seats
  {"type": "saw_wolves", "seats": [S, ...]}             I saw these Werewolves
  {"type": "saw_tanners", "seats": [S, ...]}            I saw these Tanners
  {"type": "moved", "seats": [S, ...]}                  these seats looked at or moved a card
  {"type": "nothing"}                                   nothing happened to me at night
  {"type": "think", "target": S, "role": R}             I think seat S is R
  {"type": "no_werewolf"}                               I think nobody is a Werewolf
  {}                                                    stay silent"""


def prompt(
    view: dict[str, Any], phase: str, outcome: str = "rulebook", legal: Sequence[str] = ()
) -> str:
    """The whole prompt for one decision of the seat whose view this is."""
    players, seat = view["players"], int(view["seat"])
    n, c = len(players), int(view["center_cards"])
    deck = view["deck"]
    lines = [
        f"You play One Night Ultimate Werewolf with {n} players; {c} cards lie in the center.",
        f"Players: {', '.join(f'{i}={p}' for i, p in enumerate(players))}. You are seat {seat}.",
        "Cards in the game and what each does at night:",
        *(f"  {r} x{k}: {ROLES.get(r, 'see the rules')}" for r, k in sorted(deck.items())),
        "Cards may be swapped at night, so a player may end as another role than dealt.",
        "Who wins: " + WINNING.get(outcome, WINNING["rulebook"]),
        f"You were dealt: {view['card']}.",
    ]
    for action in view.get("did") or ():
        lines.append(f"At night you did: {json.dumps(action)}")
    for fact in view.get("learned") or ():
        lines.append(f"At night you learned: {json.dumps(fact)}")
    talk = view.get("talk") or {}
    rounds = view.get("board_rounds") or []
    for k, post in enumerate(view.get("board") or ()):
        try:
            claim = claim_from_json(post["claim"], n, c)
        except ClaimError:
            continue
        r = f"round {rounds[k] + 1}: " if k < len(rounds) else ""
        lines.append(f"{r}seat {post['seat']} said: {say(claim, post['seat'], players)}")
    if phase == DAY:
        speaking = f"round {int(talk.get('round', 0)) + 1} of {talk.get('rounds', 1)}"
        lines += [GRAMMAR, f"Your turn to speak ({speaking}). Answer one claim as JSON."]
    elif phase == NIGHT:
        lines.append("Your night action: answer exactly one of these as JSON:")
        lines += [f"  {x}" for x in legal]
    else:
        lines.append("Vote: answer exactly one of these as JSON:")
        lines += [f"  {x}" for x in legal]
    return "\n".join(lines)


class ChatClient:
    """An OpenAI-compatible chat endpoint (``POST {base_url}/chat/completions``) as a
    model: ``client(prompt) -> text``. Timeouts, retries with backoff on network errors,
    429 and 5xx; token counts (``usage``) summed; every exchange kept (``transcript``)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 30.0,
        retries: int = 2,
        backoff: float = 0.5,
        temperature: float = 1.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.http = httpx.Client(
            base_url=base_url.rstrip("/"), headers=headers, timeout=timeout, transport=transport
        )
        self.model, self.retries, self.backoff, self.temperature = (
            model,
            retries,
            backoff,
            temperature,
        )
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.transcript: list[dict[str, Any]] = []

    def __call__(self, text: str) -> str:
        body = {
            "model": self.model,
            "messages": [{"role": "user", "content": text}],
            "temperature": self.temperature,
        }
        error: Exception | None = None
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self.backoff * 2 ** (attempt - 1))
            try:
                r = self.http.post("/chat/completions", json=body)
            except httpx.HTTPError as err:  # timeouts, refused connections …
                error = err
                continue
            if r.status_code == 429 or r.status_code >= 500:
                error = httpx.HTTPStatusError(f"{r.status_code}", request=r.request, response=r)
                continue
            r.raise_for_status()
            data = r.json()
            answer = str(data["choices"][0]["message"]["content"])
            usage = data.get("usage") or {}
            self.prompt_tokens += int(usage.get("prompt_tokens", 0))
            self.completion_tokens += int(usage.get("completion_tokens", 0))
            self.transcript.append({"prompt": text, "answer": answer, "usage": usage})
            return answer
        raise RuntimeError(f"the model endpoint failed {self.retries + 1} times: {error}")

    def save_transcript(self, path: str | Path) -> None:
        """Write the exchanges so far as JSON Lines, then start a new transcript (one
        file per game)."""
        with Path(path).open("w", encoding="utf-8") as f:
            for row in self.transcript:
                f.write(json.dumps(row) + "\n")
        self.transcript = []

    def close(self) -> None:
        self.http.close()


class LLMPolicy:
    """A language model as a policy: ``model(prompt) -> text`` (a :class:`ChatClient` or
    any callable). An unreadable or illegal answer is asked again once (the prompt says
    why); then a uniformly random legal action is played, and counted (``fallbacks``)."""

    def __init__(
        self,
        model: Callable[[str], str],
        table: ActionTable | None = None,
        outcome: str = "rulebook",
        seed: int | str = 0,
    ) -> None:
        self.model, self.table, self.outcome = model, table, outcome
        self.rng = random.Random(seed)
        self.fallbacks = 0
        self.prompts: list[str] = []

    def __call__(self, observation: dict[str, Any], info: dict[str, Any]) -> int:
        legal = [int(i) for i, ok in enumerate(observation["action_mask"]) if ok]
        phase = info["phase"]
        if legal == [0] or phase not in (NIGHT, DAY, VOTE):
            return legal[0]
        if self.table is None:  # a bot's seat (the simulator, a room): the view's table
            self.table = table_for(info["view"])
        shown = [self._json(i) for i in legal] if phase != DAY else []
        text = prompt(info["view"], phase, self.outcome, shown)
        for _ in range(2):  # asked once more when unreadable
            self.prompts.append(text)
            answer = parse_json(self.model(text))
            index = self._read(answer, legal, phase)
            if index is not None:
                return index
            text += "\nYour answer could not be read as a legal answer. Answer one JSON object."
        self.fallbacks += 1
        return self.rng.choice(legal)  # uniformly: no bias toward the first choice

    def _json(self, index: int) -> str:
        assert self.table is not None
        what, item = self.table.decode(index)
        if what == "abstain":
            return '{"type": "abstain"}'
        return json.dumps(item.to_json())

    def _read(self, answer: dict[str, Any] | None, legal: list[int], phase: str) -> int | None:
        """The legal index the answer names exactly, or None."""
        t = self.table
        assert t is not None
        if answer is None:
            return None
        if phase == DAY:
            if answer == {}:
                return t.silence if t.silence in legal else None
            try:
                found = t.claim_of(claim_from_json(answer, t.n, t.c))
            except (ClaimError, KeyError, TypeError, ValueError):
                return None
            return found[0] if found and found[0] in legal else None
        return next((i for i in legal if json.loads(self._json(i)) == answer), None)


#: The adapter under its earlier name.
LLMAgent = LLMPolicy
