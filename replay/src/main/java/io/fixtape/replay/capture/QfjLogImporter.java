package io.fixtape.replay.capture;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.RecordingSink;
import org.agrona.ExpandableArrayBuffer;

/**
 * Imports a QuickFIX/J message log ({@code FileLog}'s {@code *.messages.log}): one message per line, optionally
 * prefixed by a UTC timestamp {@code yyyyMMdd-HH:mm:ss[.fraction]: } ({@code FileIncludeTimeStampForMessages=Y}).
 * Without the prefix the message's SendingTime (52) is its time. Lines whose fields are separated by {@code |}
 * instead of SOH (a common copy/paste form) are accepted; every message is re-framed with {@link FixFramer}, so
 * BodyLength and CheckSum are verified, and lines that are not FIX are counted and skipped.
 *
 * <p>The log holds both directions without a marker; the engine's own CompID decides which is inbound. Given
 * explicitly ({@link #engineCompId}) it applies to every session; otherwise each session's engine is its acceptor,
 * the side that received the session's first Logon ({@link #sides} says which was chosen), whoever wrote the log;
 * a session without a Logon in the log takes the owner named by a QuickFIX/J file name
 * {@code BEGINSTRING-SENDER-TARGET[-QUALIFIER].messages.log} (SENDER), and without one the import is refused.
 *
 * <p>Not thread-safe.
 */
public final class QfjLogImporter
{
    private static final Pattern FILE_NAME =
        Pattern.compile("(FIXT?\\.[0-9]\\.[0-9]+)-([^-]+)-([^-]+)(-.*)?\\.messages\\.log");

    private final RecordingSink sink;
    private final FixFramer framer = new FixFramer(1024 * 1024);
    private final FixDecoder decoder = new FixDecoder();
    private final ExpandableArrayBuffer line = new ExpandableArrayBuffer(4096);
    private String engineCompId;
    private String fileOwner;
    private String fileName = "the log";
    /** Per session (BeginString and both CompIDs, in either order), the engine's CompID: its acceptor's. */
    private final Map<String, String> acceptors = new LinkedHashMap<>();
    private final List<String> sides = new ArrayList<>();
    private boolean scanning;
    private long messages;
    private long skippedLines;

    public QfjLogImporter(final RecordingSink sink)
    {
        this.sink = sink;
    }

    /** The engine's own SenderCompID; default: from the file name. */
    public QfjLogImporter engineCompId(final String engineCompId)
    {
        this.engineCompId = engineCompId;
        return this;
    }

    /** The SenderCompID a QuickFIX/J log file name says is the log's owner, or null. */
    public static String compIdFromFileName(final String fileName)
    {
        final Matcher matcher = FILE_NAME.matcher(fileName);
        return matcher.matches() ? matcher.group(2) : null;
    }

    /**
     * Import {@code file}. Without {@link #engineCompId}, a first pass finds each session's first Logon.
     *
     * @throws IllegalArgumentException when a session's engine cannot be told (no Logon, no telling file name and no
     *                                  {@link #engineCompId}), naming it.
     */
    public void importFile(final Path file) throws IOException
    {
        if (engineCompId == null)
        {
            fileName = file.getFileName().toString();
            fileOwner = compIdFromFileName(fileName);
            scanning = true;
            final long skipped = skippedLines;
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16))
            {
                readLines(in, null);
            }
            finally
            {
                scanning = false;
                skippedLines = skipped; // counted by the import pass
            }
            if (acceptors.isEmpty() && fileOwner == null)
            {
                throw new IllegalArgumentException("cannot tell which side " + fileName + " belongs to: it holds no " +
                    "Logon and its name is not BEGIN-SENDER-TARGET.messages.log; give the engine's SenderCompID " +
                    "(--comp-id)");
            }
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16))
        {
            readLines(in, engineCompId);
        }
    }

    /** Import lines from {@code in}; {@code ownCompId} is the SenderCompID of the log's owner (the engine). */
    public void importStream(final InputStream in, final String ownCompId) throws IOException
    {
        readLines(in, ownCompId);
    }

    /**
     * Which side was taken for the engine in each session whose side the log had to tell (no explicit CompID): one
     * line each, e.g. {@code FIX.4.4 CLIENT-FIXTAPE: engine FIXTAPE, the acceptor (it received the first Logon)}.
     */
    public List<String> sides()
    {
        return Collections.unmodifiableList(sides);
    }

    private void readLines(final InputStream in, final String ownCompId) throws IOException
    {
        int length = 0;
        int b;
        while ((b = in.read()) != -1)
        {
            if (b == '\n')
            {
                onLine(length, ownCompId);
                length = 0;
            }
            else
            {
                line.putByte(length++, (byte)b);
            }
        }
        if (length > 0)
        {
            onLine(length, ownCompId);
        }
    }

    private void onLine(final int rawLength, final String ownCompId)
    {
        int length = rawLength;
        if (length > 0 && line.getByte(length - 1) == '\r')
        {
            length--;
        }
        final int start = indexOfBegin(length);
        if (start < 0)
        {
            if (length > 0)
            {
                skippedLines++;
            }
            return;
        }
        final long prefixTime = start > 0 ? QfjTimestamps.parsePrefix(line, 0, start) : QfjTimestamps.NONE;
        final int messageLength = length - start;
        if (!containsSoh(start, messageLength))
        {
            for (int i = start; i < length; i++)
            {
                if (line.getByte(i) == '|')
                {
                    line.putByte(i, FixDecoder.SOH);
                }
            }
        }
        final int framed = framer.frame(line, start, messageLength);
        if (framed <= 0)
        {
            skippedLines++;
            return;
        }
        decoder.wrap(line, start, framed);
        if (scanning)
        {
            noteFirstLogon();
            return;
        }
        final String sender = FixFields.string(decoder, 49);
        if (sender == null)
        {
            skippedLines++;
            return;
        }
        final boolean sentByOwner = (ownCompId != null ? ownCompId : engineOf(sender)).equals(sender);
        final SessionId session = FixFields.sessionOf(decoder, sentByOwner);
        long timestamp = prefixTime;
        if (timestamp == QfjTimestamps.NONE)
        {
            final int sendingTime = decoder.indexOf(52);
            timestamp = sendingTime < 0 ? QfjTimestamps.NONE :
                QfjTimestamps.parseUtcTimestamp(line, decoder.valueOffsetAt(sendingTime), decoder.valueLengthAt(sendingTime));
        }
        if (session == null || timestamp == QfjTimestamps.NONE)
        {
            skippedLines++;
            return;
        }
        messages++;
        sink.onMessage(session, !sentByOwner, timestamp, line, start, framed);
    }

    /** Scanning: the first Logon of each session names its acceptor, the receiver (TargetCompID). */
    private void noteFirstLogon()
    {
        final String key = sessionKey();
        if (key != null && decoder.msgType() == MsgTypes.LOGON && !acceptors.containsKey(key))
        {
            final String acceptor = FixFields.string(decoder, 56);
            acceptors.put(key, acceptor);
            sides.add(key.replace('|', ' ') + ": engine " + acceptor + ", the acceptor (it received the first Logon)");
        }
    }

    /** The engine's CompID in the session of the message in {@link #decoder}. */
    private String engineOf(final String sender)
    {
        final String key = sessionKey();
        final String acceptor = key == null ? null : acceptors.get(key);
        if (acceptor != null)
        {
            return acceptor;
        }
        if (fileOwner != null && key != null)
        {
            acceptors.put(key, fileOwner);
            sides.add(key.replace('|', ' ') + ": engine " + fileOwner + ", the log's owner by its file name (no Logon " +
                "in the log)");
            return fileOwner;
        }
        throw new IllegalArgumentException("cannot tell which side " + fileName + " belongs to: it holds no Logon of " +
            (key == null ? sender : key.replace('|', ' ')) + " and its name is not BEGIN-SENDER-TARGET.messages.log; " +
            "give the engine's SenderCompID (--comp-id)");
    }

    /** {@code BEGIN|A-B} with the CompIDs in order, for either direction of one session; null without them. */
    private String sessionKey()
    {
        final String begin = FixFields.string(decoder, 8);
        final String sender = FixFields.string(decoder, 49);
        final String target = FixFields.string(decoder, 56);
        if (begin == null || sender == null || target == null)
        {
            return null;
        }
        return begin + "|" + (sender.compareTo(target) <= 0 ? sender + "-" + target : target + "-" + sender);
    }

    private int indexOfBegin(final int length)
    {
        for (int i = 0; i + 5 <= length; i++)
        {
            if (line.getByte(i) == '8' && line.getByte(i + 1) == '=' && line.getByte(i + 2) == 'F' &&
                line.getByte(i + 3) == 'I' && line.getByte(i + 4) == 'X')
            {
                return i;
            }
        }
        return -1;
    }

    private boolean containsSoh(final int start, final int length)
    {
        for (int i = start; i < start + length; i++)
        {
            if (line.getByte(i) == FixDecoder.SOH)
            {
                return true;
            }
        }
        return false;
    }

    public long messages()
    {
        return messages;
    }

    public long skippedLines()
    {
        return skippedLines;
    }
}
