"""A claim as one short sentence in English, French or Japanese (bots say claims in chat)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from onenight.rules import CENTER, Target

from .claims import (
    Claim,
    Copied,
    IAm,
    Moved,
    Nothing,
    Partners,
    Revealed,
    Saw,
    SawWolves,
    Shielded,
    Swapped,
    Think,
    Took,
)

LANGUAGES = ("en", "fr", "ja")

#: Role names: English, French (with article), Japanese.
ROLE_NAMES: dict[str, tuple[str, str, str]] = {
    "sentinel": ("Sentinel", "la Sentinelle", "センチネル"),
    "doppelganger": ("Doppelgänger", "la Doppelgänger", "ドッペルゲンガー"),
    "werewolf": ("Werewolf", "un Loup-Garou", "人狼"),
    "alpha_wolf": ("Alpha Wolf", "le Loup Alpha", "アルファ人狼"),
    "mystic_wolf": ("Mystic Wolf", "le Loup Shaman", "ミスティック人狼"),
    "dream_wolf": ("Dream Wolf", "le Loup Rêveur", "夢見る人狼"),
    "little_girl": ("Little Girl", "la Petite Fille", "少女"),
    "minion": ("Minion", "le Sbire", "手下"),
    "apprentice_tanner": ("Apprentice Tanner", "l'Apprenti Tanneur", "見習いなめし革職人"),
    "mason": ("Mason", "un Franc-Maçon", "フリーメイソン"),
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
    "troublemaker": ("Troublemaker", "la Noiseuse", "トラブルメーカー"),
    "aura_seer": ("Aura Seer", "la Voyante d'Aura", "オーラ占い師"),
    "drunk": ("Drunk", "le Soûlard", "酔っ払い"),
    "insomniac": ("Insomniac", "l'Insomniaque", "不眠症"),
    "revealer": ("Revealer", "la Révélatrice", "暴露者"),
    "villager": ("Villager", "un Villageois", "村人"),
    "tanner": ("Tanner", "le Tanneur", "吊り人"),
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


def say(claim: Claim, speaker: int, players: Sequence[str], lang: str = "en") -> str:
    """The claim as one sentence, in ``lang`` (``en``, ``fr`` or ``ja``), from ``speaker``'s
    mouth: seats by name, center cards numbered from 1."""
    if lang not in _LANG:
        raise ValueError(f"no language {lang!r} (known: {', '.join(LANGUAGES)})")
    return _SAY[lang](claim, speaker, tuple(players))


def _place(target: Target, speaker: int, players: tuple[str, ...], lang: str) -> str:
    if target >= CENTER:
        i = target - CENTER + 1
        return {"en": f"center card {i}", "fr": f"la carte {i} du centre", "ja": f"中央の{i}枚目"}[
            lang
        ]
    if target == speaker:
        return {"en": "my own card", "fr": "ma propre carte", "ja": "自分のカード"}[lang]
    return players[target]


def _names(seats: Sequence[int], players: tuple[str, ...], sep: str) -> str:
    return sep.join(players[s] for s in seats)


def _en(claim: Claim, me: int, players: tuple[str, ...]) -> str:
    def at(t: Target) -> str:
        return _place(t, me, players, "en")

    match claim:
        case IAm(role):
            return f"I am {_the(role)}."
        case Saw(looks):
            places = " and ".join(at(t) for t, _ in looks)
            cards = ", ".join(role_name(c) for _, c in looks)
            return f"I looked at {places}: {cards}."
        case Took(target, card):
            return f"I took {players[target]}'s card: it was {_the(card)}."
        case Swapped(a, b):
            return f"I swapped {at(a)} and {at(b)}."
        case Copied(target, role):
            return f"I copied {players[target]}'s card: I became {_the(role)}."
        case Shielded(target):
            return f"I put my shield on {players[target]}'s card."
        case Revealed(target, card):
            return f"I turned {players[target]}'s card over: {_the(card)}."
        case Partners(seats):
            if not seats:
                return "I saw no other Mason."
            return f"The other Mason is {_names(seats, players, ' and ')}."
        case SawWolves(seats):
            if not seats:
                return "I saw no Werewolf."
            return f"The Werewolves are {_names(seats, players, ' and ')}."
        case Moved(seats):
            if not seats:
                return "Nobody looked at or moved a card."
            return f"{_names(seats, players, ' and ')} looked at or moved a card."
        case Nothing():
            return "I was dealt nothing to do."
        case Think(target, role):
            return f"I think {players[target]} is {_the(role)}."
    raise AssertionError(claim)


def _fr(claim: Claim, me: int, players: tuple[str, ...]) -> str:
    def at(t: Target) -> str:
        return _place(t, me, players, "fr")

    def rn(role: str) -> str:
        return role_name(role, "fr")

    match claim:
        case IAm(role):
            return f"Je suis {rn(role)}."
        case Saw(looks):
            places = " et ".join(at(t) for t, _ in looks)
            cards = ", ".join(rn(c) for _, c in looks)
            return f"J'ai regardé {places} : {cards}."
        case Took(target, card):
            return f"J'ai pris la carte de {players[target]} : c'était {rn(card)}."
        case Swapped(a, b):
            return f"J'ai échangé {at(a)} et {at(b)}."
        case Copied(target, role):
            return f"J'ai copié la carte de {players[target]} : je suis devenue {rn(role)}."
        case Shielded(target):
            return f"J'ai mis mon bouclier sur la carte de {players[target]}."
        case Revealed(target, card):
            return f"J'ai retourné la carte de {players[target]} : {rn(card)}."
        case Partners(seats):
            if not seats:
                return "Je n'ai vu aucun autre Franc-Maçon."
            return f"L'autre Franc-Maçon est {_names(seats, players, ' et ')}."
        case SawWolves(seats):
            if not seats:
                return "Je n'ai vu aucun Loup-Garou."
            return f"Les Loups-Garous sont {_names(seats, players, ' et ')}."
        case Moved(seats):
            if not seats:
                return "Personne n'a regardé ni déplacé de carte."
            return f"{_names(seats, players, ' et ')} ont regardé ou déplacé une carte."
        case Nothing():
            return "Je n'avais rien à faire cette nuit."
        case Think(target, role):
            return f"Je pense que {players[target]} est {rn(role)}."
    raise AssertionError(claim)


def _ja(claim: Claim, me: int, players: tuple[str, ...]) -> str:
    def at(t: Target) -> str:
        return _place(t, me, players, "ja")

    def rn(role: str) -> str:
        return role_name(role, "ja")

    match claim:
        case IAm(role):
            return f"私は{rn(role)}です。"
        case Saw(looks):
            places = "と".join(at(t) for t, _ in looks)
            cards = "、".join(rn(c) for _, c in looks)
            return f"{places}を見ました：{cards}でした。"
        case Took(target, card):
            return f"{players[target]}さんのカードを取りました：{rn(card)}でした。"
        case Swapped(a, b):
            return f"{at(a)}と{at(b)}を交換しました。"
        case Copied(target, role):
            return f"{players[target]}さんのカードをコピーして{rn(role)}になりました。"
        case Shielded(target):
            return f"{players[target]}さんのカードに盾を置きました。"
        case Revealed(target, card):
            return f"{players[target]}さんのカードを表にしました：{rn(card)}でした。"
        case Partners(seats):
            if not seats:
                return "他のフリーメイソンはいませんでした。"
            return f"もう一人のフリーメイソンは{_names(seats, players, 'と')}さんです。"
        case SawWolves(seats):
            if not seats:
                return "人狼は見えませんでした。"
            return f"人狼は{_names(seats, players, 'と')}さんです。"
        case Moved(seats):
            if not seats:
                return "誰もカードを見たり動かしたりしませんでした。"
            return f"{_names(seats, players, 'と')}さんがカードを見たり動かしたりしました。"
        case Nothing():
            return "私には夜の行動がありませんでした。"
        case Think(target, role):
            return f"{players[target]}さんは{rn(role)}だと思います。"
    raise AssertionError(claim)


_SAY: dict[str, Callable[[Claim, int, tuple[str, ...]], str]] = {"en": _en, "fr": _fr, "ja": _ja}
