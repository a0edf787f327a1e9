package io.fixtape.replay.capture;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
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
 * <p>The log holds both directions without a marker; the engine's own CompID decides: given explicitly, or taken
 * from a QuickFIX/J file name {@code BEGINSTRING-SENDER-TARGET[-QUALIFIER].messages.log} (the log's owner is
 * SENDER).
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

    public void importFile(final Path file) throws IOException
    {
        String ownCompId = engineCompId;
        if (ownCompId == null)
        {
            ownCompId = compIdFromFileName(file.getFileName().toString());
            if (ownCompId == null)
            {
                throw new IOException("cannot tell which side " + file.getFileName() + " belongs to: name it like " +
                    "FIX.4.4-SENDER-TARGET.messages.log or give the engine's SenderCompID (--comp-id)");
            }
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16))
        {
            importStream(in, ownCompId);
        }
    }

    /** Import lines from {@code in}; {@code ownCompId} is the SenderCompID of the log's owner (the engine). */
    public void importStream(final InputStream in, final String ownCompId) throws IOException
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
        final boolean sentByOwner = ownCompId.equals(FixFields.string(decoder, 49));
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
