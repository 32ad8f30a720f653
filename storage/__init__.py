"""Storage, the only place with SQL: the public face every other layer uses.

:class:`Database` opens, migrates and commits; what crosses the boundary is a record of
:mod:`storage.records` (read back or asked to be written) or an error of
:mod:`storage.errors`. SQLite through aiosqlite is the embedded backend; PostgreSQL through
asyncpg, named by a ``postgresql://`` URL, the backend for more than one machine.
"""

from storage.books import Books as Books
from storage.books import PlayedHand as PlayedHand
from storage.db import Database as Database
from storage.db import default_path as default_path
from storage.errors import ChangedElsewhere as ChangedElsewhere
from storage.errors import CommitUnknown as CommitUnknown
from storage.errors import StorageError as StorageError
from storage.errors import StorageFull as StorageFull
from storage.errors import Unstorable as Unstorable
from storage.records import AuditEntry as AuditEntry
from storage.records import EventRow as EventRow
from storage.records import GameChanged as GameChanged
from storage.records import HandBegun as HandBegun
from storage.records import HandCredited as HandCredited
from storage.records import HandFinished as HandFinished
from storage.records import LedgerEntry as LedgerEntry
from storage.records import SessionSwitched as SessionSwitched
from storage.records import StateWrite as StateWrite
from storage.records import StoredTable as StoredTable
from storage.records import TableDue as TableDue
from storage.records import TableWrite as TableWrite
from storage.records import TournamentSaved as TournamentSaved
from storage.records import Write as Write
from storage.tournaments import MoneyLine as MoneyLine
from storage.tournaments import SeasonResult as SeasonResult
from storage.tournaments import StoredSeason as StoredSeason
from storage.tournaments import StoredTournament as StoredTournament
from storage.tournaments import Tournaments as Tournaments
