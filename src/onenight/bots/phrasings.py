# ruff: noqa: E501
"""The sentences bots say by day besides their claims, several phrasings of each kind in
English, French and Japanese (docs/bots.md, "How bots talk"): two bots never say the
same line within a minute, so each kind needs more than one way to say it.

``str.format`` fields: ``name``, ``other`` (seats, by name), ``role``, ``wolf`` (roles,
as the language names them in a sentence), ``reason`` (a reason line, below) and
``story`` (the bot's own claims, said again)."""

from __future__ import annotations

Phrasings = dict[str, tuple[str, ...]]

EN: Phrasings = {
    "quiet": (
        "I have nothing to say yet.",
        "Nothing to report from me so far.",
        "I will listen first.",
        "Let me hear the rest of you before I say anything.",
    ),
    "lying": ("{name} is lying.", "{name} is not telling the truth.", "That is a lie, {name}."),
    "lying_card": (
        "{name} is lying about my card: I am {role}.",
        "Not true, {name}: my card is {role}.",
        "{name} has my card wrong: I am {role}.",
    ),
    "deny": (
        "I am not {wolf}, {name}! I am {role}.",
        "{name}, I am not {wolf}: I am {role}.",
        "Me, {wolf}? No, {name}: I am {role}.",
    ),
    "deny_bare": (
        "I am not {wolf}, {name}!",
        "{name}, I am not {wolf}.",
        "Me, {wolf}? You are wrong, {name}.",
    ),
    "robbed": (
        "{name} took my card? I was robbed, then: I am {role} now.",
        "So {name} took my card: I must be {role} now.",
        "If {name} robbed me, then I am {role} now.",
    ),
    "robbed_bare": (
        "{name} took my card? I was robbed, then.",
        "So {name} took my card. I was robbed.",
        "If {name} robbed me, my card is gone.",
    ),
    "swapped": (
        "{name} swapped my card? Then I no longer know what I am.",
        "If {name} moved my card, I cannot be sure what I am now.",
        "{name} swapped me? Then my card could be anything.",
    ),
    "doubt": (
        "{name} says they moved my card, but I do not believe it.",
        "I doubt {name} really touched my card.",
        "{name} moved my card? I do not buy it.",
    ),
    "agree": (
        "{name} is right: I am {role}.",
        "Yes, {name}: I am {role}.",
        "That is true, {name}: I am {role}.",
    ),
    "correct": (
        "No, {name}: I am {role}.",
        "{name} is wrong: I am {role}.",
        "Not so, {name}: I am {role}.",
    ),
    "vote": (
        "I will vote for {name}: {reason}",
        "My vote goes to {name}: {reason}",
        "I am voting for {name}: {reason}",
    ),
    "changed": (
        "{name} was right about my card, but that does not clear them. I will vote for {name}: {reason}",
        "I agreed with {name} about my card, but I have changed my mind about them: {reason} My vote goes to {name}.",
        "{name} said my card right, yet I now think differently: {reason} I am voting for {name}.",
    ),
    # answers to a person who names the bot in chat
    "defend": (
        "I am not {wolf}, {name}. {story}",
        "You have it wrong, {name}. {story}",
        "Why me, {name}? {story}",
    ),
    "defend_clash": (
        "I am not {wolf}, {name}: your story does not fit mine. {story}",
        "Look at your own story, {name}: it contradicts mine. {story}",
        "{name}, it is your claim that does not add up. {story}",
    ),
    "defend_silent": (
        "I am not {wolf}, {name}. And you have not even said what you are.",
        "Why me, {name}? You have told us nothing about yourself.",
        "{name}, what is your card? You accuse me before saying it.",
    ),
    "reply": (
        "{name}, I said it already: {story}",
        "As I said, {name}: {story}",
        "Here it is again, {name}: {story}",
    ),
    "reply_quiet": (
        "{name}, I really have nothing to add.",
        "Sorry, {name}, I have nothing more to say.",
        "{name}, I am still listening.",
    ),
    # a remark when people talk and no bot has spoken for a while
    "muse": (
        "I keep coming back to {name}: {reason}",
        "{name} still worries me: {reason}",
        "Has anyone else looked at {name}? {reason}",
    ),
    "muse_quiet": (
        "Who has not told us their card yet?",
        "Let us hear from everyone before the vote.",
        "I am still making up my mind.",
    ),
    # why (said after "I will vote for bob:")
    "saw": ("I know they are a Werewolf.", "I know what their card is.", "I saw their card."),
    "clash": (
        "their story does not fit {other}'s.",
        "{other}'s story contradicts theirs.",
        "they and {other} cannot both be right.",
    ),
    "clash_me": (
        "their story does not fit mine.",
        "what they say contradicts what I saw.",
        "their claim and mine cannot both be true.",
    ),
    "accused": ("others suspect them too.", "I am not the only one who doubts them."),
    "likely": ("that is our best chance.", "it is the likeliest way for us to win."),
    "circle": ("I think no Werewolf is among us.", "I believe every Werewolf is in the center."),
    "silent": ("they have said nothing.", "we have not heard a word from them."),
    "hunch": ("just a hunch.", "call it a feeling.", "I cannot say why."),
}

FR: Phrasings = {
    "quiet": (
        "Je n'ai rien à dire pour l'instant.",
        "Rien à signaler de mon côté pour le moment.",
        "J'écoute d'abord.",
        "Je préfère vous entendre avant de parler.",
    ),
    "lying": ("{name} ment.", "{name} ne dit pas la vérité.", "C'est un mensonge, {name}."),
    "lying_card": (
        "{name} ment sur ma carte : je suis {role}.",
        "Faux, {name} : ma carte, c'est {role}.",
        "{name} se trompe sur ma carte : je suis {role}.",
    ),
    "deny": (
        "Je ne suis pas {wolf}, {name} ! Je suis {role}.",
        "{name}, je ne suis pas {wolf} : je suis {role}.",
        "Moi, {wolf} ? Non, {name} : je suis {role}.",
    ),
    "deny_bare": (
        "Je ne suis pas {wolf}, {name} !",
        "{name}, je ne suis pas {wolf}.",
        "Moi, {wolf} ? Tu te trompes, {name}.",
    ),
    "robbed": (
        "{name} a pris ma carte ? Alors on me l'a volée : je suis {role} maintenant.",
        "Donc {name} a pris ma carte : je dois être {role} maintenant.",
        "Si {name} m'a volé, alors je suis {role} maintenant.",
    ),
    "robbed_bare": (
        "{name} a pris ma carte ? Alors on me l'a volée.",
        "Donc {name} a pris ma carte. On me l'a volée.",
        "Si {name} m'a volé, ma carte n'est plus la même.",
    ),
    "swapped": (
        "{name} a échangé ma carte ? Alors je ne sais plus ce que je suis.",
        "Si {name} a déplacé ma carte, je ne suis plus sûr de ce que je suis.",
        "{name} m'a échangé ? Alors ma carte peut être n'importe quoi.",
    ),
    "doubt": (
        "{name} dit avoir déplacé ma carte, mais je n'y crois pas.",
        "Je doute que {name} ait touché à ma carte.",
        "{name} a déplacé ma carte ? Je n'y crois pas.",
    ),
    "agree": (
        "{name} a raison : je suis {role}.",
        "Oui, {name} : je suis {role}.",
        "C'est vrai, {name} : je suis {role}.",
    ),
    "correct": (
        "Non, {name} : je suis {role}.",
        "{name} se trompe : je suis {role}.",
        "Pas du tout, {name} : je suis {role}.",
    ),
    "vote": (
        "Je vais voter contre {name} : {reason}",
        "Mon vote ira à {name} : {reason}",
        "Je vote contre {name} : {reason}",
    ),
    "changed": (
        "{name} avait raison sur ma carte, mais ça ne l'innocente pas. Je vais voter contre {name} : {reason}",
        "J'étais d'accord avec {name} sur ma carte, mais j'ai changé d'avis : {reason} Mon vote ira à {name}.",
        "{name} a bien dit ma carte, et pourtant je pense autrement maintenant : {reason} Je vote contre {name}.",
    ),
    "defend": (
        "Je ne suis pas {wolf}, {name}. {story}",
        "Tu te trompes, {name}. {story}",
        "Pourquoi moi, {name} ? {story}",
    ),
    "defend_clash": (
        "Je ne suis pas {wolf}, {name} : ton histoire ne colle pas avec la mienne. {story}",
        "Regarde ta propre histoire, {name} : elle contredit la mienne. {story}",
        "{name}, c'est ton histoire qui ne tient pas. {story}",
    ),
    "defend_silent": (
        "Je ne suis pas {wolf}, {name}. Et toi, tu n'as même pas dit ce que tu es.",
        "Pourquoi moi, {name} ? Tu ne nous as rien dit de toi.",
        "{name}, quelle est ta carte ? Tu m'accuses avant de la dire.",
    ),
    "reply": (
        "{name}, je l'ai déjà dit : {story}",
        "Comme je l'ai dit, {name} : {story}",
        "Je le répète, {name} : {story}",
    ),
    "reply_quiet": (
        "{name}, je n'ai vraiment rien à ajouter.",
        "Désolé, {name}, je n'ai rien de plus à dire.",
        "{name}, j'écoute encore.",
    ),
    "muse": (
        "J'en reviens toujours à {name} : {reason}",
        "{name} m'inquiète toujours : {reason}",
        "Quelqu'un d'autre a pensé à {name} ? {reason}",
    ),
    "muse_quiet": (
        "Qui n'a pas encore dit sa carte ?",
        "Écoutons tout le monde avant le vote.",
        "Je n'ai pas encore décidé.",
    ),
    "saw": (
        "je sais que c'est un Loup-Garou.",
        "je sais quelle est sa carte.",
        "j'ai vu sa carte.",
    ),
    "clash": (
        "son histoire ne colle pas avec celle de {other}.",
        "l'histoire de {other} contredit la sienne.",
        "{other} et cette personne ne peuvent pas avoir raison tous les deux.",
    ),
    "clash_me": (
        "son histoire ne colle pas avec la mienne.",
        "ce qu'elle dit contredit ce que j'ai vu.",
        "son histoire et la mienne ne peuvent pas être vraies toutes les deux.",
    ),
    "accused": ("d'autres le soupçonnent aussi.", "je ne suis pas le seul à douter."),
    "likely": ("c'est notre meilleure chance.", "c'est notre meilleure chance de gagner."),
    "circle": (
        "je pense qu'aucun Loup-Garou n'est parmi nous.",
        "je crois que les Loups-Garous sont tous au centre.",
    ),
    "silent": ("il n'a rien dit.", "on ne l'a pas entendu."),
    "hunch": ("c'est une intuition.", "disons un pressentiment.", "je ne saurais dire pourquoi."),
}

JA: Phrasings = {
    "quiet": (
        "今のところ言うことはありません。",
        "今のところ報告することはありません。",
        "まずは皆さんの話を聞きます。",
        "話す前に皆さんの意見を聞かせてください。",
    ),
    "lying": (
        "{name}さんは嘘をついています。",
        "{name}さんは本当のことを言っていません。",
        "{name}さん、それは嘘です。",
    ),
    "lying_card": (
        "{name}さんは私のカードについて嘘をついています。私は{role}です。",
        "違います、{name}さん。私のカードは{role}です。",
        "{name}さんは私のカードを間違えています。私は{role}です。",
    ),
    "deny": (
        "{name}さん、私は{wolf}ではありません！私は{role}です。",
        "{name}さん、私は{wolf}じゃありません。{role}です。",
        "私が{wolf}？違います、{name}さん。私は{role}です。",
    ),
    "deny_bare": (
        "{name}さん、私は{wolf}ではありません！",
        "{name}さん、私は{wolf}じゃありません。",
        "私が{wolf}？{name}さん、それは違います。",
    ),
    "robbed": (
        "{name}さんが私のカードを取った？それなら今の私は{role}です。",
        "{name}さんが私のカードを取ったなら、今の私は{role}のはずです。",
        "{name}さんに盗まれたのなら、私は今{role}です。",
    ),
    "robbed_bare": (
        "{name}さんが私のカードを取った？それなら私は盗まれたのですね。",
        "{name}さんが私のカードを取ったのですね。盗まれました。",
        "{name}さんに盗まれたのなら、私のカードは変わっています。",
    ),
    "swapped": (
        "{name}さんが私のカードを交換した？それなら今の自分の役職はわかりません。",
        "{name}さんがカードを動かしたなら、今の自分の役職は確かではありません。",
        "{name}さんに交換されたなら、私のカードは何でもありえます。",
    ),
    "doubt": (
        "{name}さんは私のカードを動かしたと言いますが、信じません。",
        "{name}さんが本当に私のカードに触れたとは思えません。",
        "{name}さんが私のカードを動かした？信じられません。",
    ),
    "agree": (
        "{name}さんの言う通り、私は{role}です。",
        "はい、{name}さん。私は{role}です。",
        "その通りです、{name}さん。私は{role}です。",
    ),
    "correct": (
        "いいえ、{name}さん、私は{role}です。",
        "{name}さんは間違っています。私は{role}です。",
        "違いますよ、{name}さん。私は{role}です。",
    ),
    "vote": (
        "{name}さんに投票します。{reason}",
        "私の票は{name}さんに入れます。{reason}",
        "{name}さんに投票するつもりです。{reason}",
    ),
    "changed": (
        "{name}さんは私のカードを当てましたが、それで潔白とは言えません。{name}さんに投票します。{reason}",
        "{name}さんに同意しましたが、考えが変わりました。{reason}{name}さんに投票します。",
        "{name}さんは私のカードを正しく言いましたが、今は違う考えです。{reason}{name}さんに投票します。",
    ),
    "defend": (
        "{name}さん、私は{wolf}ではありません。{story}",
        "{name}さん、それは誤解です。{story}",
        "なぜ私なんですか、{name}さん？{story}",
    ),
    "defend_clash": (
        "{name}さん、私は{wolf}ではありません。あなたの話は私の話と合いません。{story}",
        "{name}さん、ご自分の話を見てください。私の話と矛盾しています。{story}",
        "{name}さん、つじつまが合わないのはあなたの話です。{story}",
    ),
    "defend_silent": (
        "{name}さん、私は{wolf}ではありません。あなたはまだ自分の役職も言っていません。",
        "なぜ私なんですか、{name}さん？あなたは自分のことを何も話していません。",
        "{name}さん、あなたのカードは何ですか？言う前に私を疑うのですか。",
    ),
    "reply": (
        "{name}さん、もう言いました。{story}",
        "{name}さん、さっき言った通りです。{story}",
        "{name}さん、もう一度言います。{story}",
    ),
    "reply_quiet": (
        "{name}さん、本当に付け加えることはありません。",
        "すみません、{name}さん、これ以上言うことはありません。",
        "{name}さん、まだ様子を見ています。",
    ),
    "muse": (
        "やはり{name}さんが気になります。{reason}",
        "{name}さんがまだ気がかりです。{reason}",
        "{name}さんのことを考えた人はいますか？{reason}",
    ),
    "muse_quiet": (
        "まだ役職を言っていない人は誰ですか？",
        "投票の前に全員の話を聞きましょう。",
        "まだ決めかねています。",
    ),
    "saw": ("人狼だと知っています。", "カードが何か知っています。", "カードを見ました。"),
    "clash": (
        "{other}さんの話と合いません。",
        "{other}さんの話と矛盾しています。",
        "{other}さんと両方が正しいことはありえません。",
    ),
    "clash_me": (
        "私の話と合いません。",
        "私が見たことと矛盾しています。",
        "私の話と両方が本当ということはありえません。",
    ),
    "accused": ("他の人も疑っています。", "疑っているのは私だけではありません。"),
    "likely": ("それが一番勝てる見込みがあります。", "それが私たちの一番の勝ち筋です。"),
    "circle": ("この中に人狼はいないと思います。", "人狼は全員中央にいると思います。"),
    "silent": ("何も話していません。", "一言も聞いていません。"),
    "hunch": ("ただの勘です。", "なんとなくです。", "理由はうまく言えません。"),
}

PHRASINGS: dict[str, Phrasings] = {"en": EN, "fr": FR, "ja": JA}
