"""What a bot says by day besides its claims, in English, French or Japanese: its
answers to what others say of it, and whom it will vote for and why (docs/bots.md,
"How bots talk"). A claim itself is said by :func:`.say.say`."""

from __future__ import annotations

from collections.abc import Sequence

from .base import Reason
from .say import LANGUAGE

#: One template per kind of line (``str.format`` fields: ``name``, ``role``, ``wolf``,
#: ``other``, ``reason``), for each language.
LINES: dict[str, dict[str, str]] = {
    "en": {
        "quiet": "I have nothing to say yet.",
        "lying": "{name} is lying.",
        "lying_card": "{name} is lying about my card: I am {role}.",
        "deny": "I am not {wolf}, {name}! I am {role}.",
        "deny_bare": "I am not {wolf}, {name}!",
        "robbed": "{name} took my card? I was robbed, then: I am {role} now.",
        "robbed_bare": "{name} took my card? I was robbed, then.",
        "swapped": "{name} swapped my card? Then I no longer know what I am.",
        "doubt": "{name} says they moved my card, but I do not believe it.",
        "agree": "{name} is right: I am {role}.",
        "correct": "No, {name}: I am {role}.",
        "vote": "I will vote for {name}: {reason}",
        # why
        "saw": "I know they are a Werewolf.",
        "clash": "their story does not fit {other}'s.",
        "clash_me": "their story does not fit mine.",
        "accused": "others suspect them too.",
        "likely": "that is our best chance.",
        "circle": "I think no Werewolf is among us.",
        "silent": "they have said nothing.",
        "hunch": "just a hunch.",
    },
    "fr": {
        "quiet": "Je n'ai rien à dire pour l'instant.",
        "lying": "{name} ment.",
        "lying_card": "{name} ment sur ma carte : je suis {role}.",
        "deny": "Je ne suis pas {wolf}, {name} ! Je suis {role}.",
        "deny_bare": "Je ne suis pas {wolf}, {name} !",
        "robbed": "{name} a pris ma carte ? Alors on me l'a volée : je suis {role} maintenant.",
        "robbed_bare": "{name} a pris ma carte ? Alors on me l'a volée.",
        "swapped": "{name} a échangé ma carte ? Alors je ne sais plus ce que je suis.",
        "doubt": "{name} dit avoir déplacé ma carte, mais je n'y crois pas.",
        "agree": "{name} a raison : je suis {role}.",
        "correct": "Non, {name} : je suis {role}.",
        "vote": "Je vais voter contre {name} : {reason}",
        "saw": "je sais que c'est un Loup-Garou.",
        "clash": "son histoire ne colle pas avec celle de {other}.",
        "clash_me": "son histoire ne colle pas avec la mienne.",
        "accused": "d'autres le soupçonnent aussi.",
        "likely": "c'est notre meilleure chance.",
        "circle": "je pense qu'aucun Loup-Garou n'est parmi nous.",
        "silent": "il n'a rien dit.",
        "hunch": "c'est une intuition.",
    },
    "ja": {
        "quiet": "今のところ言うことはありません。",
        "lying": "{name}さんは嘘をついています。",
        "lying_card": "{name}さんは私のカードについて嘘をついています。私は{role}です。",
        "deny": "{name}さん、私は{wolf}ではありません！私は{role}です。",
        "deny_bare": "{name}さん、私は{wolf}ではありません！",
        "robbed": "{name}さんが私のカードを取った？それなら今の私は{role}です。",
        "robbed_bare": "{name}さんが私のカードを取った？それなら私は盗まれたのですね。",
        "swapped": "{name}さんが私のカードを交換した？それなら今の自分の役職はわかりません。",
        "doubt": "{name}さんは私のカードを動かしたと言いますが、信じません。",
        "agree": "{name}さんの言う通り、私は{role}です。",
        "correct": "いいえ、{name}さん、私は{role}です。",
        "vote": "{name}さんに投票します。{reason}",
        "saw": "人狼だと知っています。",
        "clash": "{other}さんの話と合いません。",
        "clash_me": "私の話と合いません。",
        "accused": "他の人も疑っています。",
        "likely": "それが一番勝てる見込みがあります。",
        "circle": "この中に人狼はいないと思います。",
        "silent": "何も話していません。",
        "hunch": "ただの勘です。",
    },
}


def line(
    kind: str, lang: str, players: Sequence[str], **fields: int | str | tuple[int, ...] | None
) -> str:
    """One line of ``kind`` in ``lang``: seats (``name``, ``other``) by name, roles
    (``role``, ``wolf``) as the language names them in a sentence."""
    language = LANGUAGE[lang]
    out: dict[str, str] = {}
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, tuple):  # several seats: "ann and bob"
            out[key] = language.and_.join(players[s] for s in value)
        elif key in ("name", "other"):
            out[key] = players[int(value)]
        elif key in ("role", "wolf"):
            out[key] = language.role(str(value))
        else:
            out[key] = str(value)
    return LINES[lang][kind].format(**out)


def vote_line(target: int, reason: Reason, lang: str, players: Sequence[str]) -> str:
    """ "I will vote for bob: their story does not fit cy's." """
    why, other = reason
    text = line(why, lang, players, other=other)
    return line("vote", lang, players, name=target, reason=text)


def joined(lines: Sequence[str], lang: str) -> str:
    """Sentences said together (Japanese puts no space between them)."""
    return ("" if lang == "ja" else " ").join(lines)
