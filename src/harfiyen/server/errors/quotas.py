"""Quotas (429; ``details``: ``limit`` and ``scope``, "account" or "address").

One code per quota; the message says whose limit it is: the account's, or that of every
account at one network address."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

ROOMS_QUOTA: Final = ErrorKind(
    "room.too_many",
    "En çok {limit} açık odan olabilir; yenisini açmadan önce birinden ayrıl.",
    "You can have at most {limit} open rooms; leave one before opening another.",
)
ROOMS_QUOTA_ADDRESS: Final = ErrorKind(
    "room.too_many",
    "Bu ağ adresinden en çok {limit} açık oda olabilir; biri kapanınca tekrar dene.",
    "At most {limit} rooms can be open from this network address; try again when one closes.",
)
WAITING_QUOTA: Final = ErrorKind(
    "match.too_many_waiting",
    "Başlamayı bekleyen en çok {limit} maçın olabilir; yenisini açmadan önce birini iptal et.",
    "You can have at most {limit} matches waiting to start; cancel one before creating "
    "another.",
)
WAITING_QUOTA_ADDRESS: Final = ErrorKind(
    "match.too_many_waiting",
    "Bu ağ adresinden başlamayı bekleyen en çok {limit} maç olabilir; biri başlayınca ya da "
    "iptal edilince tekrar dene.",
    "At most {limit} matches waiting to start can come from this network address; try again "
    "when one starts or is cancelled.",
)
AI_TABLES_QUOTA: Final = ErrorKind(
    "match.too_many_ai_tables",
    "Yalnızca yapay zekânın oynadığı en çok {limit} masan aynı anda sürebilir; biri bitince "
    "tekrar dene.",
    "At most {limit} of your tables where only the AI plays can run at once; try again when "
    "one ends.",
)
AI_TABLES_QUOTA_ADDRESS: Final = ErrorKind(
    "match.too_many_ai_tables",
    "Bu ağ adresinden yalnızca yapay zekânın oynadığı en çok {limit} masa aynı anda sürebilir; "
    "biri bitince tekrar dene.",
    "At most {limit} tables where only the AI plays can run at once from this network "
    "address; try again when one ends.",
)
WS_TOO_MANY: Final = ErrorKind(
    "ws.too_many_connections",
    "Bu oturumla en çok {limit} bağlantı açık olabilir; başka bir sekmeyi kapatıp tekrar dene.",
    "At most {limit} connections can be open with this session; close another tab and try "
    "again.",
)
PACK_TOO_MANY: Final = ErrorKind(
    "pack.too_many",
    "En çok {limit} kelime paketin olabilir; önce birini sil.",
    "You can keep at most {limit} word packs; delete one first.",
)
PACK_TOO_MANY_ADDRESS: Final = ErrorKind(
    "pack.too_many",
    "Bu ağ adresinden en çok {limit} kelime paketi saklanabilir; önce birini sil.",
    "At most {limit} word packs can be kept from this network address; delete one first.",
)
