package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The journal's table of sessions: maps each session (BeginString, SenderCompID, TargetCompID, qualifier) to the
 * stable small int id its journal records carry, persisted as {@value #FILE_NAME} next to the queue. A versioned,
 * tab-separated text file (readable with {@code cat}):
 * <pre>
 * format fixtape-sessions 1.0
 * 1	FIX.4.4	SENDER	TARGET	qualifier
 * </pre>
 * Ids are never reused or renumbered. Registration happens at configuration time, or once per session an acceptor
 * template creates on a Logon (a line appended), never on the message path; methods are synchronized so tools and
 * the engine's threads may share an instance.
 */
public final class JournalSessionTable
{
    public static final String FILE_NAME = "sessions.registry";
    static final String FORMAT_PREFIX = "format fixtape-sessions ";
    static final int MAJOR_VERSION = 1;
    static final int MINOR_VERSION = 0;

    private final Path file;
    private final boolean readOnly;
    private final Map<SessionId, Integer> idBySession = new HashMap<>();
    private final Map<Integer, SessionId> sessionById = new HashMap<>();
    private int maxId;
    private boolean tornTail;

    private JournalSessionTable(final Path file, final boolean readOnly)
    {
        this.file = file;
        this.readOnly = readOnly;
    }

    /** Opens (creating if absent and not read-only) the session table of a journal directory. */
    public static JournalSessionTable open(final Path journalDir, final boolean readOnly)
    {
        final JournalSessionTable table = new JournalSessionTable(journalDir.resolve(FILE_NAME), readOnly);
        table.load();
        return table;
    }

    private void load()
    {
        if (!Files.exists(file))
        {
            return;
        }
        final List<String> lines;
        try
        {
            lines = new ArrayList<>(List.of(Files.readString(file, StandardCharsets.UTF_8).split("\n", -1)));
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot read session registry " + file + ": " + ex, ex);
        }
        // the text after the last newline is empty, or a line torn by a crash while it was appended: its session
        // was never handed an id (register returns only after the whole line is forced), so it is dropped
        final String tail = lines.remove(lines.size() - 1);
        tornTail = !tail.isEmpty();
        if (lines.isEmpty() || !lines.get(0).startsWith(FORMAT_PREFIX))
        {
            throw new JournalException("session registry " + file + " has no '" + FORMAT_PREFIX + "' header line");
        }
        final String[] version = lines.get(0).substring(FORMAT_PREFIX.length()).trim().split("\\.");
        final int major = Integer.parseInt(version[0]);
        if (major != MAJOR_VERSION)
        {
            throw new JournalException("session registry " + file + " is in format fixtape-sessions " +
                lines.get(0).substring(FORMAT_PREFIX.length()).trim() + ", this reader supports fixtape-sessions " +
                MAJOR_VERSION + ".x only");
        }
        for (int i = 1; i < lines.size(); i++)
        {
            final String line = lines.get(i);
            if (line.isEmpty() || line.startsWith("#"))
            {
                continue;
            }
            final String[] f = line.split("\t", -1);
            if (f.length < 5)
            {
                throw new JournalException("session registry " + file + " line " + (i + 1) + " is malformed: " + line);
            }
            final int id = Integer.parseInt(f[0]);
            final SessionId sessionId = new SessionId(f[1], f[2], f[3], f[4]);
            idBySession.put(sessionId, id);
            sessionById.put(id, sessionId);
            maxId = Math.max(maxId, id);
        }
    }

    /** The id of a session, registering (and persisting) it if new. */
    public synchronized int register(final SessionId sessionId)
    {
        return register(sessionId, Integer.MAX_VALUE);
    }

    /**
     * The id of a session, registering (and persisting) it if new and its id would not pass {@code maxSessions}:
     * past it nothing is written and the registration fails, so that the table never names a session the journal
     * has no room for.
     */
    public synchronized int register(final SessionId sessionId, final int maxSessions)
    {
        final Integer existing = idBySession.get(sessionId);
        if (existing != null)
        {
            return existing;
        }
        if (maxId >= maxSessions)
        {
            throw new JournalException("session " + sessionId + " not registered: the journal holds " + maxId +
                " sessions, its limit (" + JournalContext.KEY_MAX_SESSIONS + "=" + maxSessions + ")");
        }
        if (readOnly)
        {
            throw new JournalException("session " + sessionId + " is not in read-only registry " + file);
        }
        for (final String s : new String[] {sessionId.beginString(), sessionId.senderCompId(), sessionId.targetCompId(),
            sessionId.qualifier()})
        {
            if (s.indexOf('\t') >= 0 || s.indexOf('\n') >= 0)
            {
                throw new JournalException("session id field contains a tab or newline: " + sessionId);
            }
        }
        final int id = maxId + 1;
        idBySession.put(sessionId, id);
        sessionById.put(id, sessionId);
        maxId = id;
        if (Files.exists(file) && !tornTail)
        {
            append(id, sessionId);
        }
        else
        {
            persist();
            tornTail = false;
        }
        return id;
    }

    /** The id of a known session, or -1. */
    public synchronized int idOf(final SessionId sessionId)
    {
        final Integer id = idBySession.get(sessionId);
        return id == null ? -1 : id;
    }

    /** The session with this id, or null. */
    public synchronized SessionId sessionOf(final int id)
    {
        return sessionById.get(id);
    }

    public synchronized List<Integer> ids()
    {
        final List<Integer> ids = new ArrayList<>(sessionById.keySet());
        Collections.sort(ids);
        return ids;
    }

    /**
     * One line appended and forced: registering many sessions (an acceptor template's, one per Logon) costs one small
     * write each, not a rewrite of the whole table. A crash mid-append leaves a torn last line that {@link #load}
     * drops (and the next registration rewrites the file whole).
     */
    private void append(final int id, final SessionId s)
    {
        final String line = id + "\t" + s.beginString() + "\t" + s.senderCompId() + "\t" + s.targetCompId() + "\t" +
            s.qualifier() + "\n";
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND))
        {
            final java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining())
            {
                channel.write(bytes);
            }
            channel.force(true);
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot write session registry " + file + ": " + ex, ex);
        }
    }

    /** Whole file rewritten to a temp file, forced, then atomically renamed: a crash leaves the old or the new one. */
    private void persist()
    {
        final StringBuilder sb = new StringBuilder();
        sb.append(FORMAT_PREFIX).append(MAJOR_VERSION).append('.').append(MINOR_VERSION).append('\n');
        for (final Integer id : ids())
        {
            final SessionId s = sessionById.get(id);
            sb.append(id).append('\t').append(s.beginString()).append('\t').append(s.senderCompId()).append('\t')
                .append(s.targetCompId()).append('\t').append(s.qualifier()).append('\n');
        }
        final Path tmp = file.resolveSibling(FILE_NAME + ".tmp");
        try
        {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING))
            {
                channel.write(java.nio.ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8)));
                channel.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot write session registry " + file + ": " + ex, ex);
        }
    }
}
