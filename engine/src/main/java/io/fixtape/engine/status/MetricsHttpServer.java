package io.fixtape.engine.status;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.agrona.concurrent.status.CountersReader;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * The engine's counters over HTTP ({@code MetricsHttpPort}, {@code MetricsHttpAddress}): {@code GET /metrics} in the
 * Prometheus text format ({@link PrometheusText}), {@code GET /health/live} (200 while the engine runs, else 503)
 * and {@code GET /health/ready} (200 when it runs, at least one session is logged on and no session is paused on a
 * store failure, i.e. the journal takes writes; else 503 with the reason). JDK's {@code com.sun.net.httpserver}
 * on its own dispatcher thread; it only reads counters, never touches sessions.
 */
public final class MetricsHttpServer implements AutoCloseable
{
    private static final String LOGGED_ON = "fixtape_session_logged_on{";
    private static final String STORE_PAUSED = "fixtape_session_store_paused{";

    private final HttpServer server;
    private final CountersReader counters;
    private final BooleanSupplier running;

    private MetricsHttpServer(final HttpServer server, final CountersReader counters, final BooleanSupplier running)
    {
        this.server = server;
        this.counters = counters;
        this.running = running;
    }

    /**
     * Serve {@code counters} on {@code address} (port 0: any free port, see {@link #port()}).
     *
     * @param running whether the engine runs (liveness).
     * @throws UncheckedIOException the address cannot be bound (named).
     */
    public static MetricsHttpServer start(
        final InetSocketAddress address, final CountersReader counters, final BooleanSupplier running)
    {
        final HttpServer server;
        try
        {
            server = HttpServer.create(address, 16);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("MetricsHttpPort: cannot listen on " + address + ": " + ex.getMessage(), ex);
        }
        final MetricsHttpServer metrics = new MetricsHttpServer(server, counters, running);
        server.createContext("/metrics", metrics::metrics);
        server.createContext("/health/live", metrics::live);
        server.createContext("/health/ready", metrics::ready);
        server.createContext("/health", metrics::ready);
        server.start();
        return metrics;
    }

    public int port()
    {
        return server.getAddress().getPort();
    }

    private void metrics(final HttpExchange exchange) throws IOException
    {
        respond(exchange, 200, PrometheusText.CONTENT_TYPE, PrometheusText.format(counters));
    }

    private void live(final HttpExchange exchange) throws IOException
    {
        final boolean up = running.getAsBoolean();
        respond(exchange, up ? 200 : 503, "text/plain; charset=utf-8", up ? "live\n" : "engine stopped\n");
    }

    private void ready(final HttpExchange exchange) throws IOException
    {
        final String reason = notReadyReason();
        respond(exchange, reason == null ? 200 : 503, "text/plain; charset=utf-8",
            reason == null ? "ready\n" : "not ready: " + reason + "\n");
    }

    /** Null when ready. */
    String notReadyReason()
    {
        if (!running.getAsBoolean())
        {
            return "engine stopped";
        }
        final long[] sums = new long[2];
        counters.forEach((counterId, typeId, keyBuffer, label) ->
        {
            if (label.startsWith(LOGGED_ON))
            {
                sums[0] += counters.getCounterValue(counterId);
            }
            else if (label.startsWith(STORE_PAUSED))
            {
                sums[1] += counters.getCounterValue(counterId);
            }
        });
        if (sums[1] > 0)
        {
            return sums[1] + " session(s) paused on a store failure (journal not writable)";
        }
        if (sums[0] == 0)
        {
            return "no session logged on";
        }
        return null;
    }

    private static void respond(final HttpExchange exchange, final int status, final String contentType,
        final String body) throws IOException
    {
        final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        final boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head)
        {
            try (OutputStream out = exchange.getResponseBody())
            {
                out.write(bytes);
            }
        }
        exchange.close();
    }

    /** Stop serving (waits up to a second for exchanges in progress). */
    @Override
    public void close()
    {
        server.stop(1);
    }
}
