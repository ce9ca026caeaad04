"""The network table's wire is encrypted, keyed by the join code: TLS 1.3 with SPAKE2 inside.

Why this design (issue 27, item 8): a sniffer on the path must read neither the join code
nor a card, and a man in the middle must learn nothing he could guess offline. The join
code is short (people type it), so it cannot key the channel directly (a recorded
handshake would be brute-forced offline), and Python 3.11's ``ssl`` has no TLS-PSK anyway.
So every connection is, in this order:

1. a plaintext greeting line, ``{"secure": 5, "suite": ...}``: the version negotiated
   before any secret moves. The number is the game's one version
   (:data:`holdem_tui.wire.strict.VERSION`, which every frame and wire object inside
   carries too), so a client of another version is refused here, at its first line, with
   the ``version`` refusal ("use the same version as the host"); a client of version 4,
   whose greeting said ``1``, reads this table's refusal as such. An older client opens
   with its plaintext ``hello`` instead (its own code already went out in clear: nothing to
   save there) and is refused in its own protocol version (``version``) too;
2. TLS 1.3 (Python's ``ssl``: OpenSSL's record layer, nothing hand-made) with a
   certificate the host makes for its table (``cryptography``), unsigned and unpinned;
3. inside it, SPAKE2 (the ``spake2`` package, magic-wormhole's PAKE) over the join code:
   both ends derive one key, and each proves it holds it with an HMAC over the SHA-256 of
   the certificate the client saw. A PAKE run gives a party without the code exactly one
   online guess and nothing to test guesses against offline; binding the proof to the
   certificate defeats a relay in the middle (the client saw his certificate, the host
   its own, and the proofs differ). The host proves itself second, after the client, so a
   stranger posing as the table learns nothing about the code either.

Only after both proofs does the client say ``hello`` (name, its host token): from then on
the table's protocol (:mod:`.protocol`) runs unchanged inside TLS. The host counts a failed
proof as a wrong code, exactly as a wrong code in a hello (the lockout and budget see one
kind of guess). SPAKE2 costs about 7 ms of CPU per side in pure Python: the host runs it
off the event loop, and only for a connection its gate let in.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import datetime
import hashlib
import hmac
import ssl
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from holdem_tui.wire import strict

#: the version in the greeting: the game's one version, which the table's messages carry too
SECURE_VERSION: Final = strict.VERSION
#: the one suite spoken: SPAKE2 on Ed25519 inside TLS 1.3, proofs bound to the certificate
SUITE: Final = "spake2-ed25519/tls1.3/cert-bound"
#: the version of the table protocol whose clients spoke in clear (refused in their own)
PLAINTEXT_VERSION: Final = 3
#: SPAKE2 identities: the two roles, so a reflected message is never a valid answer
_CLIENT_ID: Final = b"holdem-tui client"
_TABLE_ID: Final = b"holdem-tui table"
_CLIENT_PROOF: Final = b"holdem-tui: client proof\x00"
_TABLE_PROOF: Final = b"holdem-tui: table proof\x00"
#: separators a person may type inside a code (shown in groups of five)
_SEPARATORS: Final = str.maketrans("", "", " -_.")


class SecureError(strict.StrictError):
    """The secure handshake failed; ``reason`` is a refusal key (``net.refusal.*``)."""


#: the strict readers of a handshake line, refusing with :class:`SecureError`
_read = strict.Strict(SecureError)


def normalize_code(code: str) -> str:
    """A join code as typed (any case, with or without its dashes) in its one exact form."""
    return code.translate(_SEPARATORS).upper()


def spaced_code(code: str) -> str:
    """A join code as people read it: groups of five with dashes (``ABCDE-FGHJK``)."""
    code = normalize_code(code)
    return "-".join(code[i : i + 5] for i in range(0, len(code), 5))


def _line(data: dict[str, Any]) -> bytes:
    return (strict.to_json(data) + "\n").encode("ascii")


def _read_json(line: bytes) -> dict[str, Any] | None:
    """A handshake line's JSON object (bounded like every frame), ``None`` for anything else."""
    try:
        data = strict.from_json(line)
    except strict.StrictError:
        return None
    return data if isinstance(data, dict) else None


async def _readline(reader: asyncio.StreamReader) -> bytes:
    try:
        line = await reader.readline()
    except ValueError:  # over the stream's limit
        raise SecureError(strict.BAD_MESSAGE, "a handshake line is too long") from None
    if not line.endswith(b"\n"):
        raise ConnectionResetError("the connection closed during the handshake")
    return line


def _proof(key: bytes, label: bytes, certificate: bytes) -> str:
    digest = hashlib.sha256(certificate).digest()
    return hmac.new(key, label + digest, hashlib.sha256).hexdigest()


def _spake_client(code: str) -> Any:
    from spake2 import SPAKE2_A

    return SPAKE2_A(normalize_code(code).encode(), idA=_CLIENT_ID, idB=_TABLE_ID)


def _spake_table(code: str) -> Any:
    from spake2 import SPAKE2_B

    return SPAKE2_B(normalize_code(code).encode(), idA=_CLIENT_ID, idB=_TABLE_ID)


def _decode_pake(data: dict[str, Any] | None) -> bytes:
    value = _read.text(None if data is None else data.get("pake"), "pake", 128)
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        _read.refuse("pake", "the key exchange is not base64")


# ---------------------------------------------------------------- the table's side


@dataclass(frozen=True)
class TableIdentity:
    """The host's certificate for one table run (made fresh at each start; never saved:
    nothing pins it, the join code authenticates the table)."""

    certificate: bytes  # DER
    context: ssl.SSLContext

    @classmethod
    def generate(cls) -> TableIdentity:
        """A new P-256 key and self-signed certificate, and the TLS 1.3 server context."""
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID

        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "holdem-tui table")])
        now = datetime.datetime.now(datetime.UTC)
        cert = (
            x509.CertificateBuilder()
            .subject_name(name)
            .issuer_name(name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .sign(key, hashes.SHA256())
        )
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_3
        # ssl loads a key from files only: a private folder (0700), deleted at once
        with tempfile.TemporaryDirectory(prefix="holdem-tls-") as folder:
            cert_path, key_path = Path(folder) / "cert.pem", Path(folder) / "key.pem"
            cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
            key_path.touch(mode=0o600)
            key_path.write_bytes(
                key.private_bytes(
                    serialization.Encoding.PEM,
                    serialization.PrivateFormat.PKCS8,
                    serialization.NoEncryption(),
                )
            )
            context.load_cert_chain(cert_path, key_path)
        return cls(cert.public_bytes(serialization.Encoding.DER), context)


async def upgrade_table(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    identity: TableIdentity,
    heard: Callable[[], object] = lambda: None,
) -> None:
    """The host's steps 1 and 2: read the greeting, answer it, and start TLS; ``heard``
    is called each time the client has answered (the table's room for unproved
    connections makes way by silence, see ``Gate.handle``).

    Raises :class:`SecureError` (``version``: an old or unknown client, told so in clear
    in its own protocol version; ``bad_message``: anything else) or ``ConnectionError``.
    """
    data = _read_json(await _readline(reader))
    heard()
    if data is None or data.get("secure") != SECURE_VERSION or data.get("suite") != SUITE:
        detail = "this table encrypts its connections: use the same version as the host"
        if data is not None and "secure" in data:
            # another version's greeting (an older one, or a later one): say which we speak
            refusal = {"secure": SECURE_VERSION, "suite": SUITE, "refused": strict.VERSION_MISMATCH}
            writer.write(_line(refusal))
        else:  # a client of the plaintext protocol: refused in the version it reads
            old = None if data is None else data.get("v")
            known = type(old) is int and 0 < old <= PLAINTEXT_VERSION
            version = old if known else PLAINTEXT_VERSION
            writer.write(
                _line(
                    {
                        "v": version,
                        "t": "refused",
                        "reason": strict.VERSION_MISMATCH,
                        "detail": detail,
                    }
                )
            )
        raise SecureError(strict.VERSION_MISMATCH, detail)
    # a client that sends its TLS hello before this answer has it read as plaintext: its
    # handshake fails (the timeout below), which costs the table nothing
    writer.write(_line({"secure": SECURE_VERSION, "suite": SUITE}))
    await writer.drain()
    await writer.start_tls(identity.context, ssl_handshake_timeout=10.0)
    heard()


async def prove_table(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    identity: TableIdentity,
    code: str,
    heard: Callable[[], object] = lambda: None,
) -> bool:
    """The host's step 3: SPAKE2 with the client; False when its proof is wrong (a wrong
    code, or a relay in the middle), True when the client holds the code (and has the
    table's proof in turn). Raises :class:`SecureError` on a malformed exchange."""
    theirs = _decode_pake(_read_json(await _readline(reader)))
    heard()
    spake = _spake_table(code)
    ours = spake.start()
    writer.write(_line({"pake": base64.b64encode(ours).decode("ascii")}))
    try:
        key = await asyncio.to_thread(spake.finish, theirs)
    except Exception:  # spake2 rejects a point off the curve with its own errors
        raise SecureError(strict.BAD_MESSAGE, "not a key exchange message") from None
    proof = (_read_json(await _readline(reader)) or {}).get("proof")
    expected = _proof(key, _CLIENT_PROOF, identity.certificate)
    if not isinstance(proof, str) or not hmac.compare_digest(proof.encode(), expected.encode()):
        return False
    writer.write(_line({"proof": _proof(key, _TABLE_PROOF, identity.certificate)}))
    return True


# ---------------------------------------------------------------- the client's side


def _client_context() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    # no certificate authority vouches for a friend's table: the PAKE proof below, bound
    # to the certificate seen here, is what authenticates it
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


async def connect(
    host: str, port: int, code: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bytes | None]:
    """Open an encrypted, mutually authenticated connection to a table.

    Returns the streams and, when the handshake ended in a refusal, that refusal as a
    frame for the caller to read as the table's first message: the table's own (a wrong
    code, an address it does not let in now) or this side's (``not_the_table``: the far
    end could not prove it holds the code; ``version``: it speaks another version), with
    the connection then closed. Raises ``OSError`` when the table cannot be reached.
    """
    from holdem_tui.net import protocol as p  # not at import: the lobby's screen reads codes

    reader, writer = await asyncio.open_connection(host, port, limit=p.MAX_SERVER_LINE)
    try:
        return (reader, writer, await _client_handshake(reader, writer, code))
    except SecureError as exc:
        writer.close()
        return reader, writer, p.frame(p.refused(exc.reason, exc.detail))
    except BaseException:
        writer.close()
        raise


async def _client_handshake(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, code: str
) -> bytes | None:
    writer.write(_line({"secure": SECURE_VERSION, "suite": SUITE}))
    await writer.drain()
    answer = _read_json(await _readline(reader))
    if answer is None or answer.get("secure") != SECURE_VERSION or "refused" in answer:
        raise SecureError(strict.VERSION_MISMATCH, "the table runs another version of holdem-tui")
    await writer.start_tls(_client_context(), ssl_handshake_timeout=10.0)
    ssl_object = writer.get_extra_info("ssl_object")
    certificate = None if ssl_object is None else ssl_object.getpeercert(binary_form=True)
    if not certificate:
        raise SecureError("not_the_table", "the table showed no certificate")
    spake = _spake_client(code)
    writer.write(_line({"pake": base64.b64encode(spake.start()).decode("ascii")}))
    line = await _readline(reader)
    data = _read_json(line)
    if data is not None and "t" in data:
        return line  # refused before the exchange (the table's gate)
    try:
        key = spake.finish(_decode_pake(data))
    except SecureError:
        raise
    except Exception:
        raise SecureError("not_the_table", "the table's key exchange is not valid") from None
    writer.write(_line({"proof": _proof(key, _CLIENT_PROOF, certificate)}))
    line = await _readline(reader)
    data = _read_json(line)
    if data is not None and "t" in data:
        return line  # refused: a wrong code
    proof = None if data is None else data.get("proof")
    expected = _proof(key, _TABLE_PROOF, certificate)
    if not isinstance(proof, str) or not hmac.compare_digest(proof.encode(), expected.encode()):
        raise SecureError("not_the_table", "the table could not prove it holds the join code")
    return None
