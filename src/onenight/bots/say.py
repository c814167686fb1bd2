"""A claim as one short sentence in English, French or Japanese (bots say claims in chat)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from onenight.rules import CENTER, CENTER_WOLF, Target
from onenight.session.claims import (
    Claim,
    Copied,
    IAm,
    Moved,
    Nothing,
    NoWerewolf,
    Partners,
    Revealed,
    Saw,
    SawTanners,
    SawWolves,
    Shielded,
    Swapped,
    Think,
    Took,
)

LANGUAGES = ("en", "fr", "ja")

#: Role names: English, French (with article), Japanese: the page's names (the table
#: narrator's narration.json), so that a bot's words name a card as the page does.
ROLE_NAMES: dict[str, tuple[str, str, str]] = {
    "sentinel": ("Sentinel", "la Sentinelle", "センチネル"),
    "doppelganger": ("Doppelgänger", "la Doppelgänger", "ドッペルゲンガー"),
    "werewolf": ("Werewolf", "un Loup-Garou", "人狼"),
    "alpha_wolf": ("Alpha Wolf", "le Loup Alpha", "アルファ人狼"),
    "mystic_wolf": ("Mystic Wolf", "le Loup Mystique", "神秘の人狼"),
    "dream_wolf": ("Dream Wolf", "le Loup Rêveur", "夢見る人狼"),
    "little_girl": ("Little Girl", "la Petite Fille", "少女"),
    "minion": ("Minion", "le Sbire", "手下"),
    "apprentice_tanner": ("Apprentice Tanner", "l'Apprenti Tanneur", "見習い皮なめし職人"),
    "mason": ("Mason", "un Franc-Maçon", "共有者"),
    "seer": ("Seer", "la Voyante", "占い師"),
    "sorcerer": ("Sorcerer", "le Sorcier", "占い師"),
    "apprentice_seer": ("Apprentice Seer", "l'Apprentie Voyante", "見習い占い師"),
    "paranormal_investigator": (
        "Paranormal Investigator",
        "l'Enquêteur Paranormal",
        "超常現象調査員",
    ),
    "ghost_hunter": ("Ghost Hunter", "le Chasseur de Fantômes", "ゴーストハンター"),
    "robber": ("Robber", "le Voleur", "怪盗"),
    "phantom_thief": ("Phantom Thief", "le Voleur Fantôme", "怪盗"),
    "witch": ("Witch", "la Sorcière", "魔女"),
    "troublemaker": ("Troublemaker", "la Fauteuse de Troubles", "トラブルメーカー"),
    "aura_seer": ("Aura Seer", "la Voyante d'Aura", "オーラ占い師"),
    "drunk": ("Drunk", "le Soûlard", "酔っ払い"),
    "insomniac": ("Insomniac", "l'Insomniaque", "不眠症"),
    "revealer": ("Revealer", "la Révélatrice", "暴露者"),
    "villager": ("Villager", "un Villageois", "村人"),
    "tanner": ("Tanner", "le Tanneur", "皮なめし職人"),
    "hunter": ("Hunter", "le Chasseur", "狩人"),
    "bodyguard": ("Bodyguard", "le Garde du Corps", "ボディーガード"),
}

_LANG = {"en": 0, "fr": 1, "ja": 2}


def role_name(role: str, lang: str = "en") -> str:
    """A role's name in ``lang`` (the id itself for an unknown role)."""
    names = ROLE_NAMES.get(role)
    return names[_LANG[lang]] if names else role


def _the(role: str) -> str:
    name = role_name(role, "en")
    article = "an" if name[0] in "AEIOU" else "a"
    return f"{article} {name}" if role in ("werewolf", "villager", "mason") else f"the {name}"


@dataclass(frozen=True)
class Language:
    """How one language says claims: its words for "and" and list commas, how a role is
    named in a sentence, and one template per kind of sentence (``str.format`` fields)."""

    and_: str
    comma: str
    role: Callable[[str], str]
    lines: Mapping[str, str]


LANGUAGE: dict[str, Language] = {
    "en": Language(
        " and ",
        ", ",
        _the,
        {
            "center": "center card {i}",
            "own": "my own card",
            "iam": "I am {role}.",
            "saw": "I looked at {places}: {cards}.",
            "took": "I took {name}'s card: it was {card}.",
            "swapped": "I swapped {a} and {b}.",
            "copied": "I copied {name}'s card: I became {role}.",
            "shielded": "I put my shield on {name}'s card.",
            "revealed": "I turned {name}'s card over: {card}.",
            "partners": "The other Mason is {names}.",
            "no_partners": "I saw no other Mason.",
            "wolves": "The Werewolves are {names}.",
            "no_wolves": "I saw no Werewolf.",
            "tanners": "The Tanner is {names}.",
            "no_tanners": "I saw no Tanner: I became one.",
            "alpha": "I swapped the center Werewolf card with {name}'s card.",
            "moved": "{names} looked at or moved a card.",
            "no_moved": "Nobody looked at or moved a card.",
            "nothing": "I was dealt nothing to do.",
            "think": "I think {name} is {role}.",
            "no_werewolf": "I think nobody is a Werewolf.",
        },
    ),
    "fr": Language(
        " et ",
        ", ",
        lambda role: role_name(role, "fr"),
        {
            "center": "la carte {i} du centre",
            "own": "ma propre carte",
            "iam": "Je suis {role}.",
            "saw": "J'ai regardé {places} : {cards}.",
            "took": "J'ai pris la carte de {name} : c'était {card}.",
            "swapped": "J'ai échangé {a} et {b}.",
            "copied": "J'ai copié la carte de {name} : je suis devenue {role}.",
            "shielded": "J'ai mis mon bouclier sur la carte de {name}.",
            "revealed": "J'ai retourné la carte de {name} : {card}.",
            "partners": "L'autre Franc-Maçon est {names}.",
            "no_partners": "Je n'ai vu aucun autre Franc-Maçon.",
            "wolves": "Les Loups-Garous sont {names}.",
            "no_wolves": "Je n'ai vu aucun Loup-Garou.",
            "tanners": "Le Tanneur, c'est {names}.",
            "no_tanners": "Je n'ai vu aucun Tanneur : je le suis devenu.",
            "alpha": "J'ai échangé la carte Loup-Garou du centre avec celle de {name}.",
            "moved": "{names} ont regardé ou déplacé une carte.",
            "no_moved": "Personne n'a regardé ni déplacé de carte.",
            "nothing": "Je n'avais rien à faire cette nuit.",
            "think": "Je pense que {name} est {role}.",
            "no_werewolf": "Je pense que personne n'est Loup-Garou.",
        },
    ),
    "ja": Language(
        "と",
        "、",
        lambda role: role_name(role, "ja"),
        {
            "center": "場のカード{i}",
            "own": "自分のカード",
            "iam": "私は{role}です。",
            "saw": "{places}を見ました：{cards}でした。",
            "took": "{name}さんのカードを取りました：{card}でした。",
            "swapped": "{a}と{b}を交換しました。",
            "copied": "{name}さんのカードをコピーして{role}になりました。",
            "shielded": "{name}さんのカードに盾を置きました。",
            "revealed": "{name}さんのカードを表にしました：{card}でした。",
            "partners": "もう一人の共有者は{names}さんです。",
            "no_partners": "他の共有者はいませんでした。",
            "wolves": "人狼は{names}さんです。",
            "no_wolves": "人狼は見えませんでした。",
            "tanners": "皮なめし職人は{names}さんです。",
            "no_tanners": "皮なめし職人は見えませんでした。私が皮なめし職人になりました。",
            "alpha": "場の人狼カードを{name}さんのカードと交換しました。",
            "moved": "{names}さんがカードを見たり動かしたりしました。",
            "no_moved": "誰もカードを見たり動かしたりしませんでした。",
            "nothing": "私には夜の行動がありませんでした。",
            "think": "{name}さんは{role}だと思います。",
            "no_werewolf": "人狼は誰もいないと思います。",
        },
    ),
}


def say(claim: Claim, speaker: int, players: Sequence[str], lang: str = "en") -> str:
    """The claim as one sentence, in ``lang`` (``en``, ``fr`` or ``ja``), from ``speaker``'s
    mouth: seats by name, center cards numbered from 1."""
    if lang not in _LANG:
        raise ValueError(f"no language {lang!r} (known: {', '.join(LANGUAGES)})")
    language = LANGUAGE[lang]
    line, fields = _sentence(claim, speaker, tuple(players), language, lang)
    return language.lines[line].format(**fields)


def _sentence(
    claim: Claim, me: int, players: tuple[str, ...], language: Language, lang: str
) -> tuple[str, dict[str, str]]:
    """Which template says the claim, and its fields."""
    lines, role = language.lines, language.role

    def at(t: Target) -> str:
        if t >= CENTER:
            return lines["center"].format(i=t - CENTER + 1)
        return lines["own"] if t == me else players[t]

    def names(seats: Sequence[int]) -> str:
        return language.and_.join(players[s] for s in seats)

    match claim:
        case IAm(r):
            return "iam", {"role": role(r)}
        case Saw(looks):
            places = language.and_.join(at(t) for t, _ in looks)
            cards = language.comma.join(role_name(c, lang) for _, c in looks)
            return "saw", {"places": places, "cards": cards}
        case Took(target, card):
            return "took", {"name": players[target], "card": role(card)}
        case Swapped(a, b) if b == CENTER_WOLF:  # the Alpha Wolf's
            return "alpha", {"name": players[a]}
        case Swapped(a, b):
            return "swapped", {"a": at(a), "b": at(b)}
        case Copied(target, r):
            return "copied", {"name": players[target], "role": role(r)}
        case Shielded(target):
            return "shielded", {"name": players[target]}
        case Revealed(target, card):
            return "revealed", {"name": players[target], "card": role(card)}
        case Partners(seats):
            return ("partners", {"names": names(seats)}) if seats else ("no_partners", {})
        case SawWolves(seats):
            return ("wolves", {"names": names(seats)}) if seats else ("no_wolves", {})
        case SawTanners(seats):
            return ("tanners", {"names": names(seats)}) if seats else ("no_tanners", {})
        case Moved(seats):
            return ("moved", {"names": names(seats)}) if seats else ("no_moved", {})
        case Nothing():
            return "nothing", {}
        case Think(target, r):
            return "think", {"name": players[target], "role": role(r)}
        case NoWerewolf():
            return "no_werewolf", {}
    raise AssertionError(claim)
