package io.fixtape.journal;

import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.TestClock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scripted FIX counterparty over a real TCP socket, stepped on the test thread next to an invoked engine: the
 * test sends readable messages ({@code |} for SOH, BodyLength/CheckSum computed, {@code <TIME>} from the test clock)
 * and {@link #poll()}s what the engine wrote (non-blocking reads, framed on {@code 10=nnn|}). Test code only.
 */
final class TcpFixPeer implements AutoCloseable
{
    private static final Pattern END = Pattern.compile("\u000110=\\d{3}\u0001");

    private final TestClock clock;
    private final SocketChannel channel;
    private final ByteBuffer readBuffer = ByteBuffer.allocate(1 << 16);
    private final StringBuilder pending = new StringBuilder();
    private final List<String> received = new ArrayList<>();
    private boolean closedByEngine;

    TcpFixPeer(final int port, final TestClock clock)
    {
        this.clock = clock;
        try
        {
            channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
            channel.configureBlocking(false);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** Writes one readable message ({@code "8=FIX.4.4|35=D|34=2|..."}, no 9 or 10). */
    TcpFixPeer send(final String readable)
    {
        final ByteBuffer bytes = ByteBuffer.wrap(FixMessages.wire(readable, clock.nanoTime()));
        try
        {
            while (bytes.hasRemaining())
            {
                channel.write(bytes); // small messages on an idle loopback socket: the send buffer takes them
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return this;
    }

    /** Reads what has arrived; returns the number of complete messages framed by this call. */
    int poll()
    {
        if (closedByEngine)
        {
            return 0;
        }
        try
        {
            int read;
            while ((read = channel.read(readBuffer.clear())) > 0)
            {
                pending.append(new String(readBuffer.array(), 0, read, StandardCharsets.ISO_8859_1));
            }
            if (read < 0)
            {
                closedByEngine = true;
            }
        }
        catch (final IOException ex)
        {
            closedByEngine = true; // reset by the engine
        }
        int framed = 0;
        final Matcher end = END.matcher(pending);
        int consumed = 0;
        while (end.find())
        {
            received.add(pending.substring(consumed, end.end()).replace('\u0001', '|'));
            consumed = end.end();
            framed++;
        }
        pending.delete(0, consumed);
        return framed;
    }

    /** Every message received so far (readable, {@code |} for SOH). */
    List<String> received()
    {
        return received;
    }

    /** Received messages of one MsgType, as fields. */
    List<Map<String, String>> received(final String msgType)
    {
        final List<Map<String, String>> out = new ArrayList<>();
        for (final String message : received)
        {
            final Map<String, String> fields = FixMessages.fields(message);
            if (msgType.equals(fields.get("35")))
            {
                out.add(fields);
            }
        }
        return out;
    }

    boolean isClosedByEngine()
    {
        return closedByEngine;
    }

    @Override
    public void close()
    {
        try
        {
            channel.close();
        }
        catch (final IOException ignore)
        {
            // closing anyway
        }
    }
}
