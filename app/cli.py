"""The ``memtrust`` command line (DESIGN.md §11).

Every command takes ``--db PATH`` (or ``MEMTRUST_HOME``), exits 0 on success and 1 on a
user error with one sentence on stderr, and never prints a traceback for anything a user
can cause (set ``MEMTRUST_DEBUG=1`` to see one for a bug). Tracebacks are withheld because
they can carry stored values in plain text.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click

from memtrust.store.admission import key_in_report, secret_refusal
from memtrust.store.errors import IngestError, InvalidInput, MemtrustError
from memtrust.store.model import (
    ASSISTANT_NAMES,
    FORMATIONS,
    STATUSES,
    Memory,
    Proposal,
    confirmed_by_user,
    imported_from,
)
from memtrust.store.quoting import one_line, quoted
from memtrust.store.recall import DEFAULT_MAX_TOKENS, MIN_MAX_TOKENS

if TYPE_CHECKING:
    from memtrust.store.memories import MemoryStore

CLI_ACTOR = "cli"
#: Terminal cells of outside text quoted in a question or a sentence (marks included).
ASKED_CELLS = 120
#: Terminal cells of a value quoted in a ``memtrust list`` line (marks included).
LISTED_CELLS = 62


# --- opening the store ------------------------------------------------------------------


def _prompt_passphrase(creating: bool) -> str | None:
    """Ask for the passphrase on the terminal (twice when creating); None without a terminal."""
    if not sys.stdin.isatty():
        return None
    if creating:
        click.echo(
            "No OS keychain is usable here, so memtrust will encrypt your store with a passphrase.\n"
            "Choose it carefully: if you lose it, your memories cannot be recovered by anyone.",
            err=True,
        )
        from memtrust.store.opening import MIN_PASSPHRASE_LENGTH

        while True:
            passphrase = click.prompt(
                "New passphrase", hide_input=True, confirmation_prompt="Repeat the passphrase", err=True
            )
            if len(passphrase.strip()) >= MIN_PASSPHRASE_LENGTH:
                return passphrase
            click.echo(
                f"A passphrase needs at least {MIN_PASSPHRASE_LENGTH} characters other than spaces; try a longer one.",
                err=True,
            )
    return click.prompt("Passphrase", hide_input=True, err=True)


PASSPHRASE_ATTEMPTS = 3


def _open(ctx: click.Context, *, create: bool = False, new_only: bool = False):
    """Open the store named by ``--db`` / ``MEMTRUST_HOME``; show the recovery code on first run.

    Only ``memtrust`` (the app) and ``memtrust init`` create a store (``create=True``): a
    mistyped passphrase in a script never becomes the passphrase of a new, empty store. A
    passphrase typed at the terminal may be retried (three attempts).
    """
    from memtrust.store.errors import WrongKey
    from memtrust.store.keys import passphrase_source_configured
    from memtrust.store.opening import open_store

    attempts = PASSPHRASE_ATTEMPTS if not passphrase_source_configured() and sys.stdin.isatty() else 1
    for attempt in range(1, attempts + 1):
        try:
            opened = open_store(ctx.obj.get("db"), create=create, new_only=new_only, prompt=_prompt_passphrase)
            break
        except WrongKey:
            if attempt == attempts:
                raise
            click.echo("That passphrase does not open the store; try again.", err=True)
    if opened.created:
        where = opened.store.db.path
        click.echo(f"Created a new encrypted store at {where} ({opened.key_mode} mode).", err=True)
        if opened.recovery:
            click.echo(
                "Your recovery code (write it down; it is shown only once and opens your store "
                f"if the keychain entry is lost):\n\n    {opened.recovery}\n",
                err=True,
            )
            if sys.stdin.isatty():  # the app is about to take the screen: let it be copied first
                click.prompt(
                    "Press Enter once you have written it down",
                    default="",
                    show_default=False,
                    prompt_suffix=" ",
                    err=True,
                )
    ctx.call_on_close(opened.store.close)
    return opened


def _store(ctx: click.Context, *, create: bool = False):
    return _open(ctx, create=create).store


def _require_terminal_unless(answered: bool, sentence: str) -> None:
    """Refuse, before anything is opened, a question that cannot be asked without a terminal."""
    if not answered and not sys.stdin.isatty():
        raise InvalidInput(sentence)


# --- the command group ------------------------------------------------------------------


_db_path_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The store's database file (default: MEMTRUST_HOME or the platform data folder).",
)


def _db_file(path: Path) -> Path:
    """``--db``'s path, refused in one sentence (InvalidInput) when empty or a folder (§11):
    ``--db ''`` reads as the current folder, and opening it gave the operating system's words."""
    if path == Path() or path.is_dir():
        raise InvalidInput("--db names a database file, such as --db ~/memtrust/memtrust.db; it was empty or a folder.")
    return path


def db_option(command):
    """Add ``--db PATH`` to a command (also accepted before the command name)."""

    @_db_path_option
    @functools.wraps(command)
    def wrapper(*args, db_path=None, **kwargs):
        ctx = click.get_current_context()
        if db_path is not None:
            ctx.obj["db"] = _db_file(db_path)
        return command(*args, **kwargs)

    return wrapper


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@_db_path_option
@click.version_option(package_name="memtrust", prog_name="memtrust")
@click.pass_context
def cli(ctx: click.Context, db_path: Path | None) -> None:
    """memtrust: review, correct and export what your AI assistant remembers about you.

    With no command, opens the app on your store.
    """
    ctx.ensure_object(dict)
    ctx.obj["db"] = None if db_path is None else _db_file(db_path)
    if ctx.invoked_subcommand is None:
        _run_app(ctx)


#: What every command that opens the app (``memtrust``, ``memtrust demo``) says without a
#: terminal (DESIGN.md §11: one sentence, exit 1).
APP_NEEDS_TERMINAL = "The memtrust app needs a terminal; to print memories, use memtrust list."


def _is_terminal(stream: object) -> bool:
    """Whether ``stream`` (``sys.stdin`` or ``sys.stdout``, possibly ``None`` when the file
    descriptor was closed) is a terminal."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _require_app_terminal() -> None:
    """Refuse to open the app unless both stdin and stdout are a terminal: raise InvalidInput
    (:data:`APP_NEEDS_TERMINAL`). Without one the app would draw into a pipe or file, or wait
    for keys that never come (``memtrust demo </dev/null`` ran until killed)."""
    if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        raise InvalidInput(APP_NEEDS_TERMINAL)


def _run_app(ctx: click.Context) -> None:
    from memtrust.store.db import InstanceLock

    path = _db_path(ctx)
    lock = InstanceLock(path)
    if path.parent.exists():
        lock.acquire()  # a second app on the same store hears so before anything else
    try:
        _require_app_terminal()
        opened = _open(ctx, create=True)
        if not lock.held:
            lock.acquire()  # first run: the store's folder exists only now
        from memtrust.app.app import MemtrustApp

        # The app runs the §4 launch prune in its first worker, right after the first data
        # (which leaves out the rows already expired) is shown.
        MemtrustApp(opened.store, key_mode=opened.key_mode, prune=True).run()
    finally:
        lock.release()


@cli.command()
@db_option
@click.pass_context
def init(ctx: click.Context) -> None:
    """Create your encrypted store (the app also does this on its first run)."""
    path = _db_path(ctx)
    if path.exists():
        raise InvalidInput(f"A memtrust store already exists at {path}; nothing was changed.")
    # new_only: a store another init created meanwhile is refused the same way (§5).
    _open(ctx, create=True, new_only=True)  # says where the store was created, and shows a recovery code if any


@cli.command()
def demo() -> None:
    """Open the app on a throwaway demo store (temporary folder, key held in memory)."""
    _require_app_terminal()  # before the throwaway store is made
    from memtrust.app.demo import run_demo

    run_demo()


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option(
    "--format",
    "format_",
    type=click.Choice(["chatgpt", "claude", "jsonl"]),
    default=None,
    help="A conversation export's format (detected when omitted).",
)
@click.option(
    "--from",
    "from_",
    type=click.Choice(["chatgpt", "claude", "gemini", "other"]),
    default=None,
    help="FILE is a memory list kept by this assistant (detected from the list when omitted).",
)
@db_option
@click.pass_context
def ingest(ctx: click.Context, file: Path, format_: str | None, from_: str | None) -> None:
    """Propose memories from a conversation export (ChatGPT, Claude.ai or JSONL), or bring in
    a memory list copied from an assistant (one memory per line or bullet).

    FILE is the .zip ChatGPT or Claude.ai sends, its conversations.json (or the shards
    conversations-000.json …), a folder holding them, or a JSONL file; or a memory list as
    text (FILE - reads it from standard input).
    """
    from memtrust.app.ingest import detect_format, read_conversations
    from memtrust.app.ingest.memory_list import is_conversation_export
    from memtrust.app.pipeline import is_inference

    if format_ is not None and from_ is not None:
        raise InvalidInput("--format names a conversation export and --from a memory list; give one of them.")
    if str(file) == "-":
        _ingest_memory_list(ctx, None, from_)
        return
    if not file.exists():
        raise InvalidInput(f"There is no file at {file}.")
    if from_ is not None or (format_ is None and not is_conversation_export(file)):
        _ingest_memory_list(ctx, file, from_)
        return
    if format_ is not None and not is_conversation_export(file):
        raise InvalidInput(
            f"{file.name} is not a conversation export (it does not start as JSON does), so --format "
            f"{format_} does not fit it; leave out --format to read it as a memory list."
        )
    store, before = None, 0
    try:
        # A file we cannot read, or a --format that does not fit it, is refused before the store opens.
        chosen = detect_format(file) if format_ is None else format_
        if format_ is not None:
            read_conversations(file, format=format_)
        opened = _store(ctx)
        opened.prune(actor=CLI_ACTOR)
        store, before = opened, opened.db.commits
        report = _ingest_with_progress(store, file, chosen)
    except KeyboardInterrupt:
        raise _stopped_ingest(store, before) from None
    outcomes = report.outcomes()
    inferred = report.inferred()
    click.echo(
        f"Read {report.conversations} conversation(s) from {report.file} ({report.format}): "
        f"{outcomes['pending']} pending in your Inbox, {outcomes['admit'] - inferred} saved, {inferred} inferred, "
        f"{outcomes['quarantine']} quarantined, {outcomes['reject']} rejected."
    )
    for result in report.results:
        decision = result.decision
        label = {"admit": "saved", "pending": "pending", "quarantine": "quarantined", "reject": "rejected"}[
            decision.outcome
        ]
        if is_inference(result):
            label = "inferred"  # never call a guess "saved"
        key = result.memory.key if result.memory else result.proposal.key if result.proposal else "-"
        key = key_in_report(key, decision)
        ident = f" [{result.memory.id[:8]}]" if result.memory else ""
        click.echo(f"  {label:<11} {key}{ident}: {decision.reason}")
    for memory in report.withdrawn:
        click.echo(f"  withdrawn   {memory.key} [{memory.id[:8]}]: you contradicted this inference, so it was removed.")
    _echo_forget_requests(report)
    if report.already_ingested:
        click.echo(f"  {report.already_ingested} message(s) were already ingested before and proposed nothing new.")
    for note in report.notes():
        click.echo(f"  {note}")
    if not report.detectors_ran:
        click.echo("  Implicit learning is off: nothing was inferred.")


#: How ``memtrust ingest -`` names standard input in its sentences.
STDIN_NAME = "standard input"


def _stopped_ingest(store, before: int) -> MemtrustError:
    """The one sentence for an ingest stopped by Ctrl-C. An ingest is written in one
    transaction (§6), so a stop before it commits leaves the store as it was; ``store`` is
    ``None`` when the stop came before the ingest's store was opened, and ``before`` is its
    :attr:`~store.db.Database.commits` count when the ingest began."""
    if store is None or store.db.commits == before:
        return IngestError("Stopped before anything was written: nothing was imported, and the store is as it was.")
    return IngestError(
        "Stopped after the ingest was written, so its memories are in the store "
        "(memtrust list --status pending shows what waits in your Inbox)."
    )


def _ingest_memory_list(ctx: click.Context, file: Path | None, assistant: str | None) -> None:
    """``memtrust ingest`` for a memory list (``file``, or standard input when ``None``): every
    item to the Inbox as ``import:<assistant>`` (DESIGN.md §2, §3.7), one line per item."""
    from memtrust.app.ingest.memory_list import MAX_LIST_BYTES, decode_list, parse_memory_list, read_memory_list_file
    from memtrust.app.memory_import import import_memory_list

    if file is None and sys.stdin.isatty():
        raise InvalidInput("With FILE given as -, pipe the memory list in on standard input.")
    store, before = None, 0
    try:
        if file is None:
            data = sys.stdin.buffer.read(MAX_LIST_BYTES + 1)
            if len(data) > MAX_LIST_BYTES:
                raise InvalidInput("Standard input holds far more than a memory list; nothing was read.")
            found = parse_memory_list(decode_list(data, STDIN_NAME), STDIN_NAME)
            name = STDIN_NAME
        else:
            found = read_memory_list_file(file)  # checked before any store is opened
            name = file.name
        opened = _store(ctx)
        opened.prune(actor=CLI_ACTOR)
        store, before = opened, opened.db.commits
        report = import_memory_list(store, found, file_name=name, assistant=assistant, actor=CLI_ACTOR)
    except KeyboardInterrupt:
        raise _stopped_ingest(store, before) from None
    if (unusable := report.unusable()) is not None:
        raise InvalidInput(unusable)
    click.echo(report.summary())
    for item, result in report.results:
        decision = result.decision
        if result.memory is None:  # the words of a refused item are never repeated (§3.9)
            click.echo(f"  {'refused':<11} line {item.line}: {decision.reason}")
            continue
        label = {"pending": "pending", "quarantine": "quarantined", "admit": "saved"}[decision.outcome]
        memory = result.memory
        click.echo(f"  {label:<11} line {item.line}: {memory.key} [{memory.id[:8]}]")
    if report.counts()["pending"]:
        click.echo(
            "Say yes or no to each in the app's Inbox (i), or with memtrust list --status pending, then memtrust "
            "confirm ID (yes, that's mine) or memtrust reject ID (no). A no is kept: importing this list again "
            "does not ask again."
        )


def _echo_forget_requests(report) -> None:
    """The ingest summary's lines about "forget …" requests (§6): how many wait in the Inbox,
    were already waiting, or matched nothing (those are not kept)."""
    waiting = len(report.deletion_requests)
    if waiting:
        click.echo(
            f"  {waiting} {'request' if waiting == 1 else 'requests'} to forget "
            f"{'is' if waiting == 1 else 'are'} waiting in your Inbox: confirm to delete, or reject to keep "
            "(memtrust list --status pending, then memtrust confirm ID or memtrust reject ID)."
        )
    repeated = sum(1 for match in report.forget_matches if match.memory_ids) - waiting
    if repeated > 0:
        click.echo(
            f"  {repeated} {'request' if repeated == 1 else 'requests'} to forget "
            f"{'was' if repeated == 1 else 'were'} already waiting in your Inbox."
        )
    unmatched = len(report.forget_unmatched)
    if unmatched:
        click.echo(
            f"  {unmatched} {'request' if unmatched == 1 else 'requests'} to forget matched nothing memtrust "
            "holds; nothing was deleted."
        )


def _ingest_with_progress(store, file: Path, format_: str):
    """Run the ingest with a progress bar on stderr when stderr is a terminal (§6)."""
    from memtrust.app.pipeline import ingest_file

    if not sys.stderr.isatty():
        return ingest_file(store, file, format=format_)
    from memtrust.app.ingest import Export

    total = Export(file).total
    with click.progressbar(
        length=total, label=f"Reading {file.name}", file=sys.stderr, show_eta=True, show_percent=True
    ) as bar:
        done = [0]

        def progress(read: int, _total: int) -> None:
            bar.update(read - done[0])
            done[0] = read

        return ingest_file(store, file, format=format_, progress=progress)


@cli.command()
@click.argument("key")
@click.argument("value")
@click.option("--scope", default="shared", show_default=True, help="shared, or an agent role such as research.")
@click.option("--yes", is_flag=True, help="Save without asking for confirmation.")
@db_option
@click.pass_context
def add(ctx: click.Context, key: str, value: str, scope: str, yes: bool) -> None:
    """Save an explicit memory you type (KEY such as contact.preferred_channel).

    Give VALUE as - to read it from standard input, so it never appears in the process list.
    """
    if value == "-":
        if sys.stdin.isatty():
            raise InvalidInput("With VALUE given as -, pipe the value in on standard input.")
        try:
            value = sys.stdin.buffer.read().decode("utf-8").removesuffix("\n")
        except UnicodeDecodeError:
            raise InvalidInput("The value on standard input is not valid UTF-8 text; nothing was saved.") from None
        if not yes:
            raise InvalidInput("With the value on standard input, confirm with --yes.")
    _require_terminal_unless(yes, "Confirm with --yes when there is no terminal to ask in.")
    # A secret is refused before the question, which would repeat it (§3.5, §3.9).
    if refused := secret_refusal(value, key=key, asked_key=key):
        raise InvalidInput(refused)
    store = _store(ctx)
    if not yes and not click.confirm(f"Save {quoted(value, ASKED_CELLS)} as your {one_line(key)}?", default=True):
        click.echo("Nothing was saved.")
        return
    result = store.propose(Proposal(key, value, "explicit", "user", scope=scope, confirmed=True), actor=CLI_ACTOR)
    if not result.decision.stored:
        # The user's own save of a value an agent proposed is their yes to it (§3.6): the
        # waiting request is confirmed, not refused as a duplicate.
        waiting = (
            [
                m
                for m in store.list(status="pending", scope=scope, key=key)
                if m.formation == "explicit" and m.value == value
            ]
            if result.decision.rule == "3.4"  # a well-formed duplicate: only then is there one to look up
            else []
        )
        if waiting:
            memory = store.confirm(waiting[0].id, actor=CLI_ACTOR)
            click.echo(f"It was waiting in your Inbox; you confirmed it, so it is saved by you. [{memory.id[:8]}]")
            return
        raise InvalidInput(result.decision.reason)
    click.echo(f"{result.decision.reason} [{result.memory.id[:8]}]")


def _memory_line(memory: Memory) -> str:
    """One memory for ``memtrust list``: id, formation badge (the TUI's rule,
    :func:`store.model.confirmed_by_user`), scope/key, the value quoted as data on one line
    (:func:`store.quoting.quoted`, at most :data:`LISTED_CELLS` cells), state."""
    if memory.formation == "implicit":
        badge = f"inferred {memory.confidence:.0%}"
    elif confirmed_by_user(memory):
        badge = "saved by you"
    elif memory.confirmed_in is not None:  # §10: its client said yes, not the user
        from memtrust.store.consumers import client_words

        badge = client_words(memory.confirmed_in)
    elif memory.status == "pending" and (assistant := imported_from(memory.source)) is not None:
        badge = f"from {ASSISTANT_NAMES[assistant]}'s list, awaiting your yes or no"  # it may have guessed
    elif memory.status == "pending":
        badge = "requested, awaiting your confirmation"  # nothing is saved until confirmed (§3.6)
    else:  # a confidential request quarantined (§3.5) before anyone confirmed it (§3.6)
        badge = "requested, not saved until you confirm it"
    extras: list[str] = [memory.status] if memory.status == "quarantined" else []
    if memory.sensitive:  # the TUI's badge (§3.1): its key, its words or its evidence speak of one
        extras.append("sensitive")
    if memory.expires_at:
        extras.append(f"expires {memory.expires_at:%Y-%m-%d}")
    value = quoted(memory.value, LISTED_CELLS)
    suffix = f" ({', '.join(extras)})" if extras else ""
    return f"{memory.id[:8]}  [{badge}] {memory.scope}/{memory.key}: {value}{suffix}"


@cli.command(name="list")
@click.option("--formation", type=click.Choice(FORMATIONS), default=None)
@click.option("--status", type=click.Choice(STATUSES), default=None)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print a JSON array: one object per memory, its fields named as in an export (with sensitive: true or false).",
)
@db_option
@click.pass_context
def list_(ctx: click.Context, formation: str | None, status: str | None, as_json: bool) -> None:
    """List memories, with their formation."""
    store = _store(ctx, create=False)
    if as_json:
        _echo_json_array(
            {**m.as_record(), "sensitive": m.sensitive} for m in store.each(formation=formation, status=status)
        )
        return
    memories = store.list(formation=formation, status=status)
    requests = []
    if status in (None, "pending") and formation in (None, "explicit"):
        from memtrust.store.deletion_requests import DeletionRequests, from_agent

        requests = DeletionRequests(store).pending()
    if not memories and not requests:
        click.echo("No memories.")
    for memory in memories:
        click.echo(_memory_line(memory))
    for request in requests:
        targets = " and ".join(f"{m.scope}/{m.key}" for m in request.targets)
        agent = from_agent(request)
        who = (
            f"you asked to forget {quoted(request.what, ASKED_CELLS)}"
            if agent is None
            else f"the assistant {agent} asked to forget it"
        )
        click.echo(f"{request.id[:8]}  [request to forget] {who}: confirm deletes {targets}, reject keeps it")


def _echo_json_array(records) -> None:
    """Print ``records`` as ``json.dumps(list(records), indent=2)`` would, one record at a time
    (a store of 100,000 memories is never held whole in memory)."""
    empty = True
    for record in records:
        text = json.dumps(record, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        click.echo(("[\n  " if empty else ",\n  ") + text, nl=False)
        empty = False
    click.echo("[]" if empty else "\n]")


def _memory_or_request(store: MemoryStore, given: str) -> tuple[Literal["memory", "request"], str]:
    """``("memory", id)`` for the memory whose id ``given`` starts, else ``("request", id)``
    for the open request to forget it starts; each looked up once. Raises the memory's
    MemoryNotFound when neither matches, InvalidInput when ``given`` is too short or matches
    several."""
    from memtrust.store.deletion_requests import DeletionRequests
    from memtrust.store.errors import MemoryNotFound

    given = given.strip()
    try:
        return "memory", store.resolve_id(given)
    except MemoryNotFound:
        request_id = DeletionRequests(store).resolve_id(given)
        if request_id is None:
            raise
        return "request", request_id


@cli.command()
@click.argument("memory_id")
@db_option
@click.pass_context
def confirm(ctx: click.Context, memory_id: str) -> None:
    """Confirm a pending memory (or release a quarantined one), or a request to forget (its memory is deleted).

    A memory only an assistant's client said yes to becomes saved by you."""
    store = _store(ctx, create=False)
    kind, found = _memory_or_request(store, memory_id)
    if kind == "request":
        from memtrust.store.deletion_requests import DeletionRequests

        deleted = DeletionRequests(store).confirm(found, actor=CLI_ACTOR)
        click.echo(
            f"Deleted {', '.join(f'{m.key} ({m.formation})' for m in deleted) or 'nothing (already gone)'}, "
            "as you asked."
        )
        return
    memory = store.confirm(found, actor=CLI_ACTOR)
    click.echo(f"Confirmed: {memory.key} is now saved by you.")


@cli.command()
@click.argument("memory_id")
@db_option
@click.pass_context
def reject(ctx: click.Context, memory_id: str) -> None:
    """Reject a pending memory (it is deleted), or dismiss a request to forget (its memory is kept)."""
    store = _store(ctx, create=False)
    kind, found = _memory_or_request(store, memory_id)
    if kind == "request":
        from memtrust.store.deletion_requests import DeletionRequests

        request = DeletionRequests(store).dismiss(found, actor=CLI_ACTOR)
        click.echo(f"Kept {', '.join(m.key for m in request.targets)}; your request to forget it was dismissed.")
        return
    memory = store.reject(found, actor=CLI_ACTOR)
    click.echo(f"Rejected and deleted the pending {memory.key}.")


@cli.command()
@click.argument("memory_id")
@db_option
@click.pass_context
def forget(ctx: click.Context, memory_id: str) -> None:
    """Delete a memory of any kind."""
    store = _store(ctx, create=False)
    memory = store.forget(store.resolve_id(memory_id.strip()), actor=CLI_ACTOR)
    click.echo(f"Deleted {memory.key} ({memory.formation}).")


@cli.command(name="clear-inferred")
@click.option("--yes", is_flag=True, help="Clear without asking for confirmation.")
@db_option
@click.pass_context
def clear_inferred(ctx: click.Context, yes: bool) -> None:
    """Delete every inferred (implicit) memory."""
    _require_terminal_unless(yes, "Confirm with --yes when there is no terminal to ask in.")
    store = _store(ctx, create=False)
    if not yes and not click.confirm("Delete everything memtrust inferred about you?", default=False):
        click.echo("Nothing was deleted.")
        return
    count = store.clear_inferred(actor=CLI_ACTOR)
    click.echo(f"Deleted {count} inferred {'memory' if count == 1 else 'memories'}.")


@cli.command()
@click.argument("state", type=click.Choice(["on", "off", "status"]))
@click.option("--yes", is_flag=True, help="Accept the consent statement without the prompt.")
@db_option
@click.pass_context
def learning(ctx: click.Context, state: str, yes: bool) -> None:
    """Implicit learning consent: on, off or status (off by default)."""
    from memtrust.store.memories import CONSENT_STATEMENT

    if state == "on":
        _require_terminal_unless(yes, "Accept with --yes when there is no terminal to ask in.")
    store = _store(ctx)
    if state == "status":
        history = store.consent_history()
        since = f" since {history[-1]['at']:%Y-%m-%d %H:%M} UTC" if history else " (never turned on)"
        click.echo(f"Implicit learning: {'ON' if store.learning_enabled() else 'OFF'}{since}.")
        return
    if state == "on":
        if store.learning_enabled():
            click.echo("Implicit learning is already on.")
            return
        click.echo(CONSENT_STATEMENT)
        if not yes and not click.confirm("Turn implicit learning on?", default=False):
            click.echo("Implicit learning stays off.")
            return
        store.set_learning(True, actor=CLI_ACTOR)
        click.echo("Implicit learning is ON. Turn it off at any time with memtrust learning off.")
        return
    changed = store.set_learning(False, actor=CLI_ACTOR)
    inferred = sum(store.counts()["implicit"].values())
    click.echo(
        "Implicit learning is OFF; nothing more will be inferred." if changed else "Implicit learning is already off."
    )
    if inferred:
        click.echo(
            f"{inferred} inferred {'memory remains' if inferred == 1 else 'memories remain'}, shown to you "
            "but given to no assistant while learning is off; delete them with memtrust clear-inferred."
        )
        if sys.stdin.isatty() and click.confirm("Delete everything inferred now?", default=False):
            cleared = store.clear_inferred(actor=CLI_ACTOR)
            click.echo(f"Deleted {cleared} inferred {'memory' if cleared == 1 else 'memories'}.")


@cli.command()
@db_option
@click.pass_context
def prune(ctx: click.Context) -> None:
    """Delete expired memories now (also done at every launch)."""
    report = _store(ctx, create=False).prune(actor=CLI_ACTOR)
    click.echo(report.notice() or "Nothing has expired.")


@cli.command()
@click.option("--consumer", required=True, help="The assistant or agent role reading memory, e.g. assistant.")
@click.option(
    "--purpose",
    type=click.Choice(["style", "privileged"]),
    default="style",
    show_default=True,
    help="privileged (money, access, billing, compliance) gets only what you saved yourself.",
)
@click.option(
    "--query",
    default=None,
    help="The task at hand: memories relevant to it come after your standing preferences, best first.",
)
@click.option(
    "--max-tokens",
    type=int,
    default=DEFAULT_MAX_TOKENS,
    show_default=True,
    help="Budget for the whole block, in estimated tokens (a third of a token per ASCII character, two per other).",
)
@db_option
@click.pass_context
def context(ctx: click.Context, consumer: str, purpose: str, query: str | None, max_tokens: int) -> None:
    """Print the labelled memory block an assistant puts in its prompt (audited as influence).

    Standing instructions and preferences (style, contact, locale, profile) come first, then the
    memories most relevant to --query (or the most recent), within --max-tokens; the last line
    says how many were left out for the budget.
    """
    from memtrust.store.consumers import context_for

    if max_tokens < MIN_MAX_TOKENS:
        raise InvalidInput(f"--max-tokens is at least {MIN_MAX_TOKENS}.")
    block = context_for(
        _store(ctx, create=False),
        consumer=consumer,
        purpose=purpose,
        actor=CLI_ACTOR,
        query=query,
        max_tokens=max_tokens,
    )
    click.echo(block.text())


@cli.command()
@click.option(
    "--consumer",
    default=None,
    help="The agent role the client acts as (default: the client's own name), e.g. assistant.",
)
@db_option
@click.pass_context
def mcp(ctx: click.Context, consumer: str | None) -> None:
    """Serve your store to assistants over MCP (stdio), under the rules your own writes follow:
    what an assistant proposes needs your yes, its guesses are labelled and kept to a fixed
    list, and every call is recorded in the audit log."""
    from memtrust.app.mcp_server import check_consumer, serve
    from memtrust.store.opening import open_store

    if consumer is not None:
        check_consumer(consumer)
    # stdin is the protocol channel: never prompt, never create a store.
    store = open_store(ctx.obj.get("db"), create=False, prompt=None).store
    ctx.call_on_close(store.close)
    serve(store, consumer=consumer)


@cli.command()
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write to this file (mode 0600) instead of standard output.",
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(["json", "md"]),
    default=None,
    help="json (default): complete and machine-readable (restorable with memtrust import); md: a report to read.",
)
@click.option(
    "--for",
    "for_",
    type=click.Choice(["chatgpt", "claude", "gemini", "text"]),
    default=None,
    help="Instead: a block to paste into this assistant's memory page, of what you saved yourself.",
)
@click.option(
    "--include-inferred",
    is_flag=True,
    help="With --for: add what memtrust inferred (70% or more), each marked as a guess.",
)
@db_option
@click.pass_context
def export(ctx: click.Context, out: Path | None, format_: str | None, for_: str | None, include_inferred: bool) -> None:
    """Export everything held about you (personal DSAR), with each memory's formation; or,
    with --for, what you saved yourself as a block for another assistant."""
    from memtrust.store.export import (
        UNENCRYPTED_WARNING,
        check_export_destination,
        export_text,
        record_export,
        write_export,
    )
    from memtrust.store.report import render_markdown
    from memtrust.store.version import app_version

    if for_ is not None and format_ is not None:
        raise InvalidInput("--format is for the full export and --for for a block to paste; give one of them.")
    if include_inferred and for_ is None:
        raise InvalidInput("--include-inferred goes with --for; the full export always holds everything.")
    if out is not None and str(out) == "-":
        out = None  # the usual spelling of standard output
    if out is not None:
        check_export_destination(out)
    store = _store(ctx, create=False)
    if for_ is not None:
        _export_block(store, for_, out, include_inferred=include_inferred)
        return
    format_ = format_ or "json"
    text, count = export_text(store, app_version=app_version())
    if format_ == "md":
        text = render_markdown(json.loads(text))
    try:
        text.encode("utf-8")
    except ValueError:
        raise InvalidInput("A stored value is not valid Unicode, so the export was not written.") from None
    if out is None:
        click.echo(text, nl=False)
    else:
        write_export(out, text)
    record_export(store, actor=CLI_ACTOR, destination=str(out) if out else "stdout", memory_count=count, format=format_)
    if out is not None:
        click.echo(f"Wrote {count} memories to {out}.")
    click.echo(f"Warning: {UNENCRYPTED_WARNING}", err=True)


def _export_block(store, target: str, out: Path | None, *, include_inferred: bool) -> None:
    """``memtrust export --for``: the paste-ready block (:mod:`store.portable`) on standard
    output or in ``out``; where to paste it, what was left out and why on standard error."""
    from memtrust.store.export import record_export, write_export
    from memtrust.store.portable import TARGETS, left_out_sentence, portable_block

    block = portable_block(store, target, include_inferred=include_inferred)
    try:
        block.text.encode("utf-8")
    except ValueError:
        raise InvalidInput("A stored value is not valid Unicode, so the block was not written.") from None
    if out is None:
        click.echo(block.text, nl=False)
    else:
        write_export(out, block.text)
    record_export(
        store,
        actor=CLI_ACTOR,
        destination=str(out) if out else "stdout",
        memory_count=len(block.memories),
        format=f"for:{target}",
        inferred=block.inferred,
    )
    spec = TARGETS[target]
    count = len(block.memories)
    wrote = f"Wrote {count} {'memory' if count == 1 else 'memories'}"
    click.echo(
        f"{wrote} to {out}; paste it into {spec.where}." if out else f"{wrote}; paste them into {spec.where}.",
        err=True,
    )
    for sentence in (left_out_sentence(block), *block.not_given):
        if sentence:
            click.echo(sentence, err=True)


@cli.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--merge",
    type=click.Choice(["skip", "replace"]),
    default=None,
    help="Into a store that already holds data: skip memories already held, or replace them.",
)
@db_option
@click.pass_context
def import_(ctx: click.Context, file: Path, merge: str | None) -> None:
    """Restore a JSON export (memtrust export) into an empty store, or merge it with --merge."""
    from memtrust.store.restore import read_export_file, restore

    data = read_export_file(file)  # checked completely before any store is opened or created
    store = _store(ctx)
    report = restore(store, data, actor=CLI_ACTOR, merge=merge, source_name=file.name)
    click.echo(report.summary())
    pruned = store.prune(actor=CLI_ACTOR)
    if pruned.total:
        click.echo(pruned.notice())


# --- keys and the store's lifecycle (§5) ---------------------------------------------


def _db_path(ctx: click.Context) -> Path:
    from memtrust.store.opening import default_db_path

    return Path(ctx.obj.get("db") or default_db_path())


def _secret_from_terminal_or_env(env_name: str, prompt: str) -> str:
    value = os.environ.get(env_name)
    if value:
        return value
    if not sys.stdin.isatty():
        raise InvalidInput(f"Set {env_name} or run in a terminal to type it; it is never taken as an argument.")
    return click.prompt(prompt, hide_input=True, err=True)


@cli.command()
@db_option
@click.pass_context
def recover(ctx: click.Context) -> None:
    """Put your store's key back into the keychain from its recovery code."""
    from memtrust.store.lifecycle import no_recovery_code
    from memtrust.store.lifecycle import recover as recover_key

    path = _db_path(ctx)
    if not path.exists():
        raise InvalidInput(f"There is no memtrust store at {path}.")
    if (refusal := no_recovery_code(path)) is not None:  # said before a code is asked for
        raise InvalidInput(refusal)
    code = _secret_from_terminal_or_env("MEMTRUST_RECOVERY_CODE", "Recovery code")
    recover_key(path, code)
    click.echo("The recovery code opened the store; its key is back in the keychain.")


@cli.command()
@click.option(
    "--to",
    "to",
    type=click.Choice(["keychain", "passphrase"]),
    default=None,
    help="Switch key mode (default: rotate the key in the current mode).",
)
@db_option
@click.pass_context
def rekey(ctx: click.Context, to: str | None) -> None:
    """Re-encrypt the store under a new key (either it completes or the old key keeps working)."""
    from memtrust.store.db import InstanceLock
    from memtrust.store.lifecycle import rekey as rekey_store
    from memtrust.store.opening import unlock_existing

    path = _db_path(ctx)
    if not path.exists():
        raise InvalidInput(f"There is no memtrust store at {path}.")
    lock = InstanceLock(path).acquire()
    try:
        database, old_key = unlock_existing(path, prompt=_prompt_passphrase)
        target = to or ("passphrase" if old_key.mode == "passphrase" else "keychain")
        new_passphrase = None
        if target == "passphrase":
            new_passphrase = os.environ.get("MEMTRUST_NEW_PASSPHRASE")
            if not new_passphrase:
                if not sys.stdin.isatty():
                    database.close()
                    raise InvalidInput("Set MEMTRUST_NEW_PASSPHRASE or run in a terminal to type the new passphrase.")
                click.echo("If you lose the new passphrase, your memories cannot be recovered by anyone.", err=True)
                new_passphrase = click.prompt(
                    "New passphrase", hide_input=True, confirmation_prompt="Repeat the new passphrase", err=True
                )
        try:
            result = rekey_store(database, old_key, to=target, new_passphrase=new_passphrase, actor=CLI_ACTOR)
        finally:
            database.close()
    finally:
        lock.release()
    click.echo(f"The store is re-encrypted ({result.mode} mode); the old key no longer opens it.")
    backup = path.with_name(path.name + ".sqlcipher3-backup")
    if backup.exists():
        click.echo(
            f"Note: {backup} (from upgrade-cipher) still opens with the old key; delete it once you no longer need it."
        )
    if result.recovery:
        click.echo(f"Your new recovery code (write it down; shown only once):\n\n    {result.recovery}\n", err=True)


@cli.command()
@db_option
@click.pass_context
def destroy(ctx: click.Context) -> None:
    """Delete the store, its WAL/SHM files and its keychain entry, for good."""
    from memtrust.store.db import InstanceLock
    from memtrust.store.lifecycle import destroy as destroy_store
    from memtrust.store.lifecycle import prove_store

    path = _db_path(ctx)
    if prove_store(path) is None and not path.exists():  # proven a store before anything is asked
        raise InvalidInput(f"There is no memtrust store at {path}.")
    InstanceLock(path).acquire().release()  # refuse now, before asking, if the app has it open
    click.echo(
        f"This deletes every memory in {path} and its key. It cannot be undone "
        "(no key is needed: whoever can delete the files can destroy the store).",
        err=True,
    )
    typed = click.prompt("Type destroy to confirm", default="", show_default=False, err=True)
    if typed.strip() != "destroy":
        raise InvalidInput("Nothing was deleted (you did not type destroy).")
    removed = destroy_store(path)
    click.echo(f"Destroyed the store at {path} ({', '.join(removed)}).")


@cli.command(name="upgrade-cipher")
@db_option
@click.pass_context
def upgrade_cipher(ctx: click.Context) -> None:
    """Migrate a SQLCipher 3 store to SQLCipher 4 (the file is backed up first)."""
    from memtrust.store.lifecycle import upgrade_cipher3
    from memtrust.store.opening import _key_from_record, read_key_record

    path = _db_path(ctx)
    if not path.exists():
        raise InvalidInput(f"There is no memtrust store at {path}.")
    key = _key_from_record(read_key_record(path), _prompt_passphrase, None)
    backup = upgrade_cipher3(path, key)
    click.echo(f"Migrated to SQLCipher 4; the original is kept at {backup}.")


@cli.command()
@db_option
@click.pass_context
def doctor(ctx: click.Context) -> None:
    """Check key mode, keychain, cipher, permissions and integrity of the store, and the
    settings file's keys as the app would apply them."""
    from memtrust.app.settings import SettingsError, check_keys, load_settings, settings_path, theme_problem
    from memtrust.store.lifecycle import doctor as run_doctor
    from memtrust.store.opening import unlock_existing

    path = _db_path(ctx)
    report = run_doctor(path, lambda: unlock_existing(path, prompt=_prompt_passphrase, inspect=True)[0])
    # One column for every label, the store's file name in some of them included.
    width = max(len(label) for label in [*report.facts, "settings file"])
    for label, text in report.facts.items():
        click.echo(f"{label:>{width}}: {text}")
    problems = list(report.problems)
    settings_file = settings_path()
    click.echo(
        f"{'settings file':>{width}}: {settings_file}{'' if settings_file.exists() else ' (none: default keys)'}"
    )
    try:
        settings = load_settings(settings_file)
    except SettingsError as unusable:
        problems.append(f"{unusable} The app uses the default keys.")
    else:
        problems.extend(check_keys(settings.keys).problems if settings.keys else ())
        theme = theme_problem(settings.theme)
        if theme:
            problems.append(theme)
    if problems:
        for problem in problems:
            click.echo(f"problem: {problem}")
        ctx.exit(1)
    click.echo("No problems found.")


# --- entry point ----------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; map user errors to one sentence on stderr and exit status 1.

    The process is hardened first (no core dumps, not dumpable: :mod:`memtrust.app.hardening`),
    before any key, passphrase or value can be in memory.
    """
    from memtrust.app.hardening import harden_process

    harden_process()
    return run_command_line(argv)


def run_command_line(argv: list[str] | None = None) -> int:
    """Run the command line in this process as :func:`main` does, without hardening it (the
    tests' in-process runner): the exit status, user errors as one sentence on stderr (§11)."""
    try:
        status = cli.main(args=argv, prog_name="memtrust", standalone_mode=False, obj={})
    except MemtrustError as exc:
        click.echo(f"memtrust: {exc}", err=True)
        return 1
    except click.exceptions.Abort:
        click.echo("memtrust: cancelled.", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo("memtrust: interrupted.", err=True)
        return 130
    except OSError as exc:
        if os.environ.get("MEMTRUST_DEBUG"):
            raise
        click.echo(
            f"memtrust: {exc.strerror or 'an operating system error'}"
            f"{f' ({exc.filename})' if exc.filename else ''}; nothing was changed.",
            err=True,
        )
        return 1
    except Exception as exc:  # a bug: one sentence, no traceback (it could carry stored values)
        if os.environ.get("MEMTRUST_DEBUG"):
            raise
        click.echo(
            f"memtrust: unexpected internal error ({type(exc).__name__}); run again with "
            "MEMTRUST_DEBUG=1 to see details.",
            err=True,
        )
        return 1
    return status if isinstance(status, int) else 0


def entry_point() -> None:
    """Console-script entry: exit with :func:`main`'s status."""
    sys.exit(main())
