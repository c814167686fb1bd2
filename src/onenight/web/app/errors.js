// @ts-check
// Generated from src/onenight/session/errors.py: do not edit; after a change there,
// python -m onenight.session.errors --js > src/onenight/web/app/errors.js
/** The error codes the server sends (docs/protocol.md, Error codes). */
export const ErrorCode = Object.freeze({
  invalid: "invalid",
  too_large: "too_large",
  rate_limited: "rate_limited",
  not_joined: "not_joined",
  already_joined: "already_joined",
  no_room: "no_room",
  busy: "busy",
  bad_token: "bad_token",
  bad_name: "bad_name",
  name_taken: "name_taken",
  name_too_close: "name_too_close",
  room_full: "room_full",
  full: "full",
  not_host: "not_host",
  not_player: "not_player",
  out_of_phase: "out_of_phase",
  not_your_turn: "not_your_turn",
  one_per_turn: "one_per_turn",
  bad_action: "bad_action",
  illegal: "illegal",
  bad_target: "bad_target",
  bad_text: "bad_text",
  bad_claim: "bad_claim",
  bad_edition: "bad_edition",
  bad_deck: "bad_deck",
  bad_member: "bad_member",
  no_result: "no_result",
  no_voice: "no_voice",
  bad_origin: "bad_origin",
  too_slow: "too_slow",
  measuring: "measuring",
  internal: "internal",
});

/** Refusals a tap, a line or a vote may meet when the turn or phase ends as it goes.
 * @type {readonly string[]} */
export const LATE = Object.freeze([
  ErrorCode.not_your_turn,
  ErrorCode.out_of_phase,
  ErrorCode.one_per_turn,
  ErrorCode.illegal,
]);
