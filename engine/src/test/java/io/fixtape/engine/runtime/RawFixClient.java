package io.fixtape.engine.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * A blocking test client speaking raw FIX over a real socket: writes exactly the bytes it is given (so it can send
 * garbage), reads whole messages by BodyLength, and notices when the engine closes the connection. {@code |} in
 * the text stands for SOH.
 */
public final class RawFixClient implements AutoCloseable
{
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    public RawFixClient(final int port) throws IOException
    {
        this(port, 0);
    }

    /**
     * @param receiveBufferBytes SO_RCVBUF set before connecting (fixed: the kernel does not grow it as the client
     *                           reads), 0 for the OS default; a small one makes back-pressure reachable in a test.
     */
    public RawFixClient(final int port, final int receiveBufferBytes) throws IOException
    {
        socket = new Socket();
        if (receiveBufferBytes > 0)
        {
            socket.setReceiveBufferSize(receiveBufferBytes);
        }
        socket.connect(new java.net.InetSocketAddress("127.0.0.1", port));
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(100);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    public static String now()
    {
        return ZonedDateTime.now(ZoneOffset.UTC).format(TIME);
    }

    /** A well-formed message: BodyLength and CheckSum computed; {@code body} starts at 35=. */
    public static String message(final String beginString, final String body)
    {
        final String b = body.replace('|', '\u0001');
        final String head = "8=" + beginString + "\u00019=" + b.length() + "\u0001" + b;
        int sum = 0;
        for (final byte x : head.getBytes(StandardCharsets.ISO_8859_1))
        {
            sum += x & 0xFF;
        }
        return head + "10=" + String.format("%03d", sum & 0xFF) + "\u0001";
    }

    public void sendRaw(final String text) throws IOException
    {
        out.write(text.replace('|', '\u0001').getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    public void send(final String beginString, final String body) throws IOException
    {
        sendRaw(message(beginString, body));
    }

    /** Next message with {@code |} for SOH, or null when none arrived within the timeout; throws at EOF. */
    public String receive(final long timeoutMillis) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMillis;
        final byte[] chunk = new byte[4096];
        while (true)
        {
            final String message = extract();
            if (message != null)
            {
                return message;
            }
            if (System.currentTimeMillis() > deadline)
            {
                return null;
            }
            try
            {
                final int n = in.read(chunk);
                if (n < 0)
                {
                    throw new IOException("closed by peer");
                }
                pending.write(chunk, 0, n);
            }
            catch (final SocketTimeoutException ignore)
            {
                // poll again until the deadline
            }
        }
    }

    /** Read until the engine closes the connection; returns what arrived before, or fails after the timeout. */
    public String awaitClose(final long timeoutMillis) throws IOException
    {
        final StringBuilder received = new StringBuilder();
        final long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline)
        {
            try
            {
                final String message = receive(100);
                if (message != null)
                {
                    received.append(message);
                }
            }
            catch (final IOException closed)
            {
                return received.toString();
            }
        }
        throw new AssertionError("connection not closed within " + timeoutMillis + " ms; received " + received);
    }

    private String extract()
    {
        final String data = pending.toString(StandardCharsets.ISO_8859_1);
        final int bodyLengthStart = data.indexOf("\u00019=");
        if (!data.startsWith("8=") || bodyLengthStart < 0)
        {
            return null;
        }
        final int bodyStart = data.indexOf('\u0001', bodyLengthStart + 1) + 1;
        if (bodyStart <= 0)
        {
            return null;
        }
        final int bodyLength = Integer.parseInt(data.substring(bodyLengthStart + 3, bodyStart - 1));
        final int end = bodyStart + bodyLength + 7;
        if (data.length() < end)
        {
            return null;
        }
        final String message = data.substring(0, end);
        pending.reset();
        pending.writeBytes(data.substring(end).getBytes(StandardCharsets.ISO_8859_1));
        return message.replace('\u0001', '|');
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }
}
