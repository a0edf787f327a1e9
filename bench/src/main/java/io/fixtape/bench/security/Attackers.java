package io.fixtape.bench.security;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hostile counterparties against one acceptor port, each on its own thread until {@link #stop()}: idle sockets that
 * never send, slowloris Logons (one byte a second), random bytes at full speed, BodyLengths of 2 GB, megabytes
 * without SOH and a flood of Logons with unknown CompIDs. Every connection the engine closes is opened again.
 * Counts the connections each attack made.
 */
final class Attackers
{
    private final InetSocketAddress target;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();
    private final List<Socket> idle = new ArrayList<>();
    final AtomicLong connections = new AtomicLong();

    Attackers(final InetSocketAddress target)
    {
        this.target = target;
    }

    /** Start every attack: {@code idleSockets} sockets that never send, {@code slowloris} one-byte-a-second Logons. */
    void start(final int idleSockets, final int slowloris)
    {
        for (int i = 0; i < idleSockets; i++)
        {
            try
            {
                idle.add(connect());
            }
            catch (final IOException refused)
            {
                // past the engine's caps: refused, as it should be
            }
        }
        thread("slowloris", () ->
        {
            final List<Socket> sockets = new ArrayList<>();
            final byte[] logon = "8=FIX.4.4\u00019=70\u000135=A\u000134=1\u000149=SLOW\u000156=EXEC\u0001"
                .getBytes(StandardCharsets.US_ASCII);
            int position = 0;
            while (running.get())
            {
                while (sockets.size() < slowloris)
                {
                    sockets.add(connect());
                }
                for (int i = sockets.size() - 1; i >= 0; i--)
                {
                    try
                    {
                        sockets.get(i).getOutputStream().write(logon[position % logon.length]);
                    }
                    catch (final IOException closed)
                    {
                        sockets.remove(i).close();
                    }
                }
                position++;
                Thread.sleep(1000);
            }
            for (final Socket socket : sockets)
            {
                socket.close();
            }
        });
        for (int i = 0; i < 2; i++)
        {
            final Random random = new Random(i);
            thread("random-bytes-" + i, () ->
            {
                final byte[] chunk = new byte[64 * 1024];
                while (running.get())
                {
                    try (Socket socket = connect())
                    {
                        final OutputStream out = socket.getOutputStream();
                        while (running.get())
                        {
                            random.nextBytes(chunk);
                            out.write(chunk);
                        }
                    }
                    catch (final IOException closedByTheEngine)
                    {
                        // reconnect
                    }
                }
            });
        }
        thread("bodylength-2gb", () -> loopSending("8=FIX.4.4\u00019=2000000000\u000135=D\u0001".getBytes(StandardCharsets.US_ASCII)));
        final byte[] noSoh = new byte[1 << 20];
        java.util.Arrays.fill(noSoh, (byte)'7');
        thread("no-soh-megabyte", () -> loopSending(noSoh));
        thread("unknown-compid-logons", () ->
        {
            long n = 0;
            while (running.get())
            {
                final String body = "35=A\u000134=1\u000149=STRANGER" + (n++) + "\u000152=20260101-00:00:00.000\u0001" +
                    "56=EXEC\u000198=0\u0001108=30\u0001";
                loopOnce(fix(body));
            }
        });
    }

    void stop() throws InterruptedException
    {
        running.set(false);
        for (final Thread thread : threads)
        {
            thread.join(5000);
        }
        for (final Socket socket : idle)
        {
            try
            {
                socket.close();
            }
            catch (final IOException ignore)
            {
                // closing
            }
        }
    }

    private void loopSending(final byte[] bytes) throws IOException
    {
        while (running.get())
        {
            loopOnce(bytes);
        }
    }

    private void loopOnce(final byte[] bytes)
    {
        try (Socket socket = connect())
        {
            socket.getOutputStream().write(bytes);
            socket.getInputStream().read(new byte[4096]); // until the engine answers or closes
        }
        catch (final IOException closedByTheEngine)
        {
            // the expected end
        }
    }

    private Socket connect() throws IOException
    {
        final Socket socket = new Socket();
        socket.setSoTimeout(2000);
        socket.connect(target, 2000);
        connections.incrementAndGet();
        return socket;
    }

    private void thread(final String name, final Attack attack)
    {
        final Thread thread = new Thread(() ->
        {
            try
            {
                attack.run();
            }
            catch (final IOException | InterruptedException ex)
            {
                // an attacker that can no longer connect stops
            }
        }, "attack-" + name);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    private static byte[] fix(final String body)
    {
        final String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        int sum = 0;
        for (final byte b : head.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (head + String.format("10=%03d\u0001", sum & 0xFF)).getBytes(StandardCharsets.US_ASCII);
    }

    @FunctionalInterface
    private interface Attack
    {
        void run() throws IOException, InterruptedException;
    }
}
