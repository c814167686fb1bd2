"""A tournament's report: an HTML page with the table and matplotlib plots, and the JSON."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x:.1%}"


def table_rows(rep: dict[str, Any]) -> list[list[str]]:
    rows = []
    for agent, row in rep["per_agent"].items():
        r = rep["ratings"][agent]
        for team, s in [("all", row), *row["teams"].items()]:
            low, high = s["ci95"]
            rating = r if team == "all" else r["teams"].get(team)
            rows.append(
                [
                    agent,
                    team,
                    str(s["seats"]),
                    f"{s['win_rate']:.1%} [{low:.1%}, {high:.1%}]",
                    f"{s['votes_received']:.2f}",
                    _pct(s["voted_out"]),
                    _pct(s["truthful"]),
                    "–" if rating is None else f"{rating['mu']:.1f} ± {rating['sigma']:.1f}",
                    f"{s['brier']:.3f}" if "brier" in s else "–",
                    _pct(s.get("top_guess")),
                ]
            )
    return rows


HEADER = [
    "agent",
    "team",
    "seats",
    "win rate [95% CI]",
    "votes received",
    "voted out",
    "true claims",
    "OpenSkill μ ± σ",
    "Brier",
    "top guess",
]


def extra_lines(rep: dict[str, Any]) -> list[str]:
    """The rule switches, what "team" means, the ratings' bootstrap intervals, the
    head-to-head matrix, the dealt-card breakdown and the published anchors."""
    lines = []
    if "switches" in rep:
        lines.append("rules: " + ", ".join(f"{k}={v}" for k, v in rep["switches"].items()))
    if "team_is" in rep:
        lines.append(f"team: {rep['team_is']}")
    for a, (lo, hi) in (rep.get("rating_ci95") or {}).items():
        lines.append(f"rating μ of {a}: 95% bootstrap interval [{lo:.2f}, {hi:.2f}]")
    for a, row in (rep.get("head_to_head") or {}).items():
        for b, cell in row.items():
            lines.append(
                f"head to head: {a} against {b}: wins {cell['win_rate']:.1%} "
                f"of {cell['pairs']} opposed seat pairs"
            )
    for a, stats in rep["per_agent"].items():
        dealt = stats.get("dealt") or {}
        if dealt:
            parts = ", ".join(
                f"{r} {d['win_rate']:.1%} ({d['seats']})" for r, d in sorted(dealt.items())
            )
            lines.append(f"{a} by dealt card: {parts}")
    lines += [f"published: {x}" for x in rep.get("anchors") or ()]
    return lines


def text_report(rep: dict[str, Any]) -> str:
    cfg = rep["config"]
    lines = [
        f"{cfg['name']}: {cfg['players']} players, {rep['games']} games, seed {rep['seed']} "
        f"({rep['games_per_second']:.1f} games/s)",
        "teams: "
        + ", ".join(
            f"{t} {rep['team_win_rate'][t]:.1%}" for t in ("village", "werewolf", "tanner", "none")
        ),
    ]
    rows = [HEADER, *table_rows(rep)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))
    lines += extra_lines(rep)
    return "\n".join(lines)


def write_report(rep: dict[str, Any], folder: str | Path) -> Path:
    """Write ``result.json``, the plots and ``index.html`` into ``folder``; its path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    (out / "result.json").write_text(json.dumps(rep, indent=1, sort_keys=True))
    agents = list(rep["per_agent"])
    labels = [a.rpartition(":")[2] for a in agents]  # module:attr → attr
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    ax = axes[0]
    teams = ["all", "village", "werewolf", "tanner"]
    width = 0.8 / len(teams)
    for k, team in enumerate(teams):
        xs, ys, lo, hi = [], [], [], []
        for i, a in enumerate(agents):
            s = rep["per_agent"][a] if team == "all" else rep["per_agent"][a]["teams"].get(team)
            if s is None:
                continue
            xs.append(i + k * width)
            ys.append(s["win_rate"])
            lo.append(s["win_rate"] - s["ci95"][0])
            hi.append(s["ci95"][1] - s["win_rate"])
        if xs:
            ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, label=team)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(agents))], labels, rotation=30)
    ax.set_ylim(0, 1)
    ax.set_title("win rate (95% CI)")
    ax.legend()
    ax = axes[1]
    mus = [rep["ratings"][a]["mu"] for a in agents]
    sig = [rep["ratings"][a]["sigma"] for a in agents]
    ax.errorbar(labels, mus, yerr=sig, fmt="o", capsize=4)
    ax.tick_params(axis="x", labelrotation=30)
    ax.set_title("OpenSkill rating (μ ± σ)")
    ax = axes[2]
    ax.bar(labels, [rep["per_agent"][a]["voted_out"] for a in agents], label="voted out")
    ax.tick_params(axis="x", labelrotation=30)
    ax.set_ylim(0, 1)
    ax.set_title("voted out")
    fig.suptitle(f"{rep['config']['name']}: {rep['games']} games")
    fig.tight_layout()
    fig.savefig(out / "plots.png")
    plt.close(fig)
    cells = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
        for row in table_rows(rep)
    )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADER)
    teams_line = ", ".join(
        f"{t} {rep['team_win_rate'][t]:.1%}" for t in ("village", "werewolf", "tanner", "none")
    )
    extra = "".join(f"<li>{html.escape(x)}</li>" for x in extra_lines(rep))
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>onenight tournament</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #bbb;padding:4px 8px;text-align:right}}</style></head>
<body><h1>Tournament: {html.escape(rep["config"]["name"])}</h1>
<p>{rep["games"]} games, {rep["config"]["players"]} players, seed {rep["seed"]};
deck {html.escape(", ".join(rep["config"]["deck"]))}.</p>
<p>Outcome per team: {html.escape(teams_line)}.</p>
<table><thead><tr>{head}</tr></thead><tbody>{cells}</tbody></table>
<ul>{extra}</ul>
<p><img src="plots.png" alt="win rates, ratings and votes per agent" width="100%"></p>
<p><a href="result.json">result.json</a></p></body></html>
"""
    (out / "index.html").write_text(page, encoding="utf-8")
    return out / "index.html"
