// @ts-check
/**
 * The page's own words (not the spoken script, which is narration.json): one entry per
 * string per language. `{name}` marks a value filled in by `t`. In index.html,
 * `data-ui="key"` sets an element's text, `data-ui-aria` and
 * `data-ui-placeholder` its attributes. Every language has every key (tests/web/test_table_ui.py).
 */

/** @typedef {"en" | "fr" | "ja"} UiLang */

export const UI = {
  en: {
    page_title: "onenight · table narrator",
    setup_title: "Table narrator",
    intro:
      "For a group with real cards: this phone reads the night aloud. Deal the cards yourselves; the narrator never knows who has what.",
    edition: "Edition",
    edition_ultimate: "One Night Ultimate Werewolf (with Daybreak and bonus roles)",
    edition_japanese: "One Night Werewolf (the Japanese original)",
    edition_workshop: "The \"One Night: Werewolf\" video-game port",
    edition_sans_carte: "French online rules (\"Loup-Garou Sans Carte\")",
    players: "Players",
    deck: "Deck",
    deck_count: "({cards} cards, {players} players + {center} in the center)",
    suggested_deck: "Suggested deck",
    balanced_deck: "Balanced deck",
    balanced_status: "Balanced by simulation: the village won {pct}% of {games} games.",
    no_balanced: "No balanced deck now (offline, or the simulator is busy).",
    language: "Language",
    turn: "Turn (seconds)",
    jitter: "Random extra (seconds)",
    day_length: "Day (seconds)",
    names: "Player names (for the chips)",
    names_placeholder: "Ann, Bob, Cat…",
    sound: "Soft background sound",
    start: "Start the night",
    chips: "Chips",
    reset_chips: "Reset chips",
    pick_cards: "Pick the cards.",
    offline_unchecked: "Offline, and this deck was never checked here.",
    offline_no_suggestion: "Offline: no suggested deck.",
    ready: "Ready: {n} calls in the night.",
    deck_refused: "This deck cannot be played: {reason}",
    issue_edition: "choose an edition.",
    issue_players: "this edition is for {min}–{max} players, not {n}.",
    issue_count: "the count of {role} must be a whole number from 0 to {max}.",
    issue_role: "{role} is not a card of this edition.",
    issue_at_most_one: "a deck holds at most one {role}.",
    issue_masons: "the Masons go in the deck as a pair (0 or 2).",
    issue_size: "{need} cards are needed, not {have}.",
    issue_needs_wolf: "this edition needs at least one card of the Werewolf family.",
    one_less: "One less {role}",
    one_more: "One more {role}",
    night: "Night",
    call_of: "Call {i} of {n}",
    pause: "Pause",
    resume: "Resume",
    repeat: "Repeat",
    end_night: "End night",
    day: "Day",
    time_left: "time left",
    vote_now: "Vote now",
    record_result: "Record the result",
    result: "Result",
    result_hint: "Tap who died and who won. Each winner gets a chip.",
    player_n: "Player {n}",
    died: "died",
    won: "won",
    name_died: "{name} died",
    name_won: "{name} won",
    chip_count: "{name}: {n}",
    save_chips: "Save the chips",
    back_without_saving: "Back without saving",
  },
  fr: {
    page_title: "onenight · narrateur de table",
    setup_title: "Narrateur de table",
    intro:
      "Pour jouer avec de vraies cartes : ce téléphone lit la nuit à voix haute. Distribuez les cartes vous-mêmes ; le narrateur ne sait jamais qui a quoi.",
    edition: "Édition",
    edition_ultimate: "Loup-Garou pour une Nuit Ultimate (avec Daybreak et rôles bonus)",
    edition_japanese: "Loup-Garou pour une Nuit (l’original japonais)",
    edition_workshop: "Loup-Garou pour une Nuit, le jeu vidéo",
    edition_sans_carte: "Loup-Garou Sans Carte (règles en ligne)",
    players: "Joueurs",
    deck: "Paquet",
    deck_count: "({cards} cartes, {players} joueurs + {center} au centre)",
    suggested_deck: "Paquet suggéré",
    balanced_deck: "Paquet équilibré",
    balanced_status: "Équilibré par simulation : le village a gagné {pct} % de {games} parties.",
    no_balanced: "Pas de paquet équilibré pour l’instant (hors ligne, ou simulateur occupé).",
    language: "Langue",
    turn: "Tour (secondes)",
    jitter: "Supplément aléatoire (secondes)",
    day_length: "Jour (secondes)",
    names: "Noms des joueurs (pour les jetons)",
    names_placeholder: "Anne, Benoît, Chloé…",
    sound: "Fond sonore discret",
    start: "Commencer la nuit",
    chips: "Jetons",
    reset_chips: "Remettre les jetons à zéro",
    pick_cards: "Choisissez les cartes.",
    offline_unchecked: "Hors ligne, et ce paquet n’a jamais été vérifié ici.",
    offline_no_suggestion: "Hors ligne : pas de paquet suggéré.",
    ready: "Prêt : {n} appels dans la nuit.",
    deck_refused: "Ce paquet ne peut pas être joué : {reason}",
    issue_edition: "choisissez une édition.",
    issue_players: "cette édition se joue de {min} à {max} joueurs, pas {n}.",
    issue_count: "le nombre de {role} doit être un entier de 0 à {max}.",
    issue_role: "{role} n’est pas une carte de cette édition.",
    issue_at_most_one: "un paquet contient au plus un {role}.",
    issue_masons: "les Francs-Maçons vont par deux dans le paquet (0 ou 2).",
    issue_size: "il faut {need} cartes, pas {have}.",
    issue_needs_wolf: "cette édition demande au moins une carte de la famille des Loups-Garous.",
    one_less: "Un {role} de moins",
    one_more: "Un {role} de plus",
    night: "Nuit",
    call_of: "Appel {i} sur {n}",
    pause: "Pause",
    resume: "Reprendre",
    repeat: "Répéter",
    end_night: "Finir la nuit",
    day: "Jour",
    time_left: "temps restant",
    vote_now: "Voter maintenant",
    record_result: "Noter le résultat",
    result: "Résultat",
    result_hint: "Touchez qui est mort et qui a gagné. Chaque gagnant reçoit un jeton.",
    player_n: "Joueur {n}",
    died: "mort",
    won: "gagné",
    name_died: "{name} est mort",
    name_won: "{name} a gagné",
    chip_count: "{name} : {n}",
    save_chips: "Enregistrer les jetons",
    back_without_saving: "Retour sans enregistrer",
  },
  ja: {
    page_title: "onenight · テーブル進行役",
    setup_title: "テーブル進行役",
    intro:
      "実物のカードで遊ぶグループ向け：このスマホが夜の進行を読み上げます。カードは自分たちで配ってください。進行役は誰が何を持っているか知りません。",
    edition: "版",
    edition_ultimate: "ワンナイト人狼アルティメット（デイブレイクと追加役職）",
    edition_japanese: "ワンナイト人狼（日本のオリジナル版）",
    edition_workshop: "ワンナイト人狼（ビデオゲーム版）",
    edition_sans_carte: "カードなし人狼（フランスのオンラインルール）",
    players: "人数",
    deck: "デッキ",
    deck_count: "（{cards}枚：{players}人＋場{center}枚）",
    suggested_deck: "おすすめデッキ",
    balanced_deck: "バランスのよいデッキ",
    balanced_status: "シミュレーションで調整：{games}回中、村人側の勝率は{pct}%でした。",
    no_balanced: "いまはバランスのよいデッキを出せません（オフライン、または計算中）。",
    language: "言語",
    turn: "手番（秒）",
    jitter: "ランダム追加（秒）",
    day_length: "昼（秒）",
    names: "プレイヤー名（チップ用）",
    names_placeholder: "太郎、花子、健…",
    sound: "控えめな環境音",
    start: "夜を始める",
    chips: "チップ",
    reset_chips: "チップをリセット",
    pick_cards: "カードを選んでください。",
    offline_unchecked: "オフラインで、このデッキはこの端末でまだ確認されていません。",
    offline_no_suggestion: "オフライン：おすすめデッキはありません。",
    ready: "準備完了：夜の呼び出しは{n}回です。",
    deck_refused: "このデッキでは遊べません：{reason}",
    issue_edition: "版を選んでください。",
    issue_players: "この版は{min}〜{max}人用です（いまは{n}人）。",
    issue_count: "{role}の枚数は0〜{max}の整数にしてください。",
    issue_role: "{role}はこの版のカードではありません。",
    issue_at_most_one: "{role}はデッキに1枚までです。",
    issue_masons: "共有者は2枚1組で入れます（0枚か2枚）。",
    issue_size: "{need}枚必要です（いまは{have}枚）。",
    issue_needs_wolf: "この版には人狼系のカードが少なくとも1枚必要です。",
    one_less: "{role}を1枚減らす",
    one_more: "{role}を1枚増やす",
    night: "夜",
    call_of: "呼び出し {i}／{n}",
    pause: "一時停止",
    resume: "再開",
    repeat: "もう一度",
    end_night: "夜を終える",
    day: "昼",
    time_left: "残り時間",
    vote_now: "今すぐ投票",
    record_result: "結果を記録",
    result: "結果",
    result_hint: "死んだ人と勝った人をタップしてください。勝者はチップを1枚もらいます。",
    player_n: "プレイヤー{n}",
    died: "死亡",
    won: "勝利",
    name_died: "{name}：死亡",
    name_won: "{name}：勝利",
    chip_count: "{name}：{n}",
    save_chips: "チップを保存",
    back_without_saving: "保存せずに戻る",
  },
};

/** @typedef {keyof typeof UI.en} UiKey */

/** @param {string} lang @returns {UiLang} */
export function uiLang(lang) {
  return lang === "fr" || lang === "ja" ? lang : "en";
}

/**
 * The page's language when none was chosen yet: the browser's, when it is French or Japanese.
 * @param {readonly string[]} preferred navigator.languages
 * @returns {UiLang}
 */
export function browserLang(preferred) {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "fr" || base === "ja") return base;
    if (base === "en") return "en";
  }
  return "en";
}

/**
 * A string of the page in a language, its `{name}`s filled in.
 * @param {string} lang @param {UiKey} key @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function t(lang, key, values = {}) {
  const text = UI[uiLang(lang)][key] ?? UI.en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * Put a language's strings into the page's marked elements (`data-ui*`).
 * @param {ParentNode & Node} root @param {string} lang
 */
export function translatePage(root, lang) {
  /** @param {string | undefined} k */
  const key = (k) => /** @type {UiKey} */ (k || "");
  for (const el of root.querySelectorAll("[data-ui]")) {
    el.textContent = t(lang, key(/** @type {HTMLElement} */ (el).dataset.ui));
  }
  for (const el of root.querySelectorAll("[data-ui-aria]")) {
    el.setAttribute("aria-label", t(lang, key(/** @type {HTMLElement} */ (el).dataset.uiAria)));
  }
  for (const el of root.querySelectorAll("[data-ui-placeholder]")) {
    const k = key(/** @type {HTMLElement} */ (el).dataset.uiPlaceholder);
    el.setAttribute("placeholder", t(lang, k));
  }
}
