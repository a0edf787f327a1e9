package io.fixtape.replay.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.replay.transport.inproc.InProcPipe;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The digest the replay prints is the SHA-256 of the concatenated outbound stream, for small messages and for
 * messages larger than the counterparty's scratch array (which then grows).
 */
class CounterpartyDigestTest
{
    @Test
    void digestIsTheSha256OfTheWholeOutboundStream() throws Exception
    {
        final InProcPipe pipe = new InProcPipe(4 * 1024 * 1024);
        final Engine engine = new Engine();
        pipe.acceptor().poll(engine);
        final List<Integer> seen = new ArrayList<>();
        final Counterparty counterparty = new Counterparty(0, new ReplayNetwork.Link()
        {
            @Override
            public void openNext()
            {
            }

            @Override
            public int poll(final TransportListener listener)
            {
                return pipe.initiator().poll(listener);
            }

            @Override
            public void close()
            {
            }
        }, 1024 * 1024, null, (session, index, arrived, buffer, offset, length) -> seen.add(length));
        counterparty.poll();

        final MessageDigest expected = MessageDigest.getInstance("SHA-256");
        final int[] textLengths = {10, 300, 4096 - 120, 5, 65536 + 7_000, 40,
            200_000, 1};
        int seq = 1;
        for (final int textLength : textLengths)
        {
            final byte[] message = fix(seq++, textLength);
            expected.update(message);
            assertEquals(message.length, engine.connection.write(new UnsafeBuffer(message), 0, message.length));
            counterparty.poll();
            assertEquals(seq - 1, counterparty.outboundCount());
        }
        assertEquals(textLengths.length, seen.size());
        assertEquals(HexFormat.of().formatHex(expected.digest()), counterparty.digestHex());
    }

    /** A Heartbeat with a Text (58) of {@code textLength} bytes, correct BodyLength and CheckSum. */
    private static byte[] fix(final int seq, final int textLength)
    {
        final String body = "35=0\u000149=FIXTAPE\u000156=CLIENT\u000134=" + seq + "\u000158=" + "x".repeat(textLength) +
            "\u0001";
        final String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        int sum = 0;
        for (final byte b : head.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (head + String.format("10=%03d\u0001", sum % 256)).getBytes(StandardCharsets.US_ASCII);
    }

    /** The engine end: only remembers its connection. */
    private static final class Engine implements TransportListener
    {
        Connection connection;

        @Override
        public void onConnected(final Connection connection, final boolean initiated)
        {
            this.connection = connection;
        }

        @Override
        public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
        {
        }

        @Override
        public void onDisconnected(final Connection connection, final DisconnectReason reason)
        {
        }
    }
}
