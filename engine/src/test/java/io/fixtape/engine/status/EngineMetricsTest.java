package io.fixtape.engine.status;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Live metrics after a known QuickFIX/J exchange: the engine business-rejects every NewOrderSingle; QuickFIX/J logs
 * on, sends three orders, skips three sequence numbers before a fourth (the engine asks for a resend, QuickFIX/J
 * gap-fills and resends the fourth order as PossDup), then logs out. The counters file, read through a mapping of
 * its own as another process would, and a scrape of {@code /metrics} give exactly the counts of that exchange;
 * {@code /health/ready} answers 200 while logged on and 503 after.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EngineMetricsTest
{
    private static final String SESSION = "session=\"FIX.4.4:FIXTAPE->QFJ\"";

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void countersFileAndPrometheusScrapeGiveTheExchangeExactly() throws Exception
    {
        final SessionConfig config = new SessionConfig().sessionId(new SessionId("FIX.4.4", "FIXTAPE", "QFJ"));
        final Application rejectOrders = (message, session) ->
        {
            if (message.msgType() == MsgTypes.NEW_ORDER_SINGLE)
            {
                session.sendBusinessReject(message, SessionHandle.UNSUPPORTED_MESSAGE_TYPE, "no orders here");
            }
        };
        final EngineContext context = new EngineContext()
            .addSession(SessionEndpoint.acceptor(config, rejectOrders, new InetSocketAddress("127.0.0.1", 0)))
            .engineDirectory(dir)
            .metricsHttpPort(0)
            .metricsHttpAddress("127.0.0.1");
        final Map<String, Long> scraped;
        try (FixEngine engine = FixEngine.launch(context);
            QfjPeer qfj = QfjPeer.initiator("FIX.4.4", "QFJ", "FIXTAPE", engine.boundPort()).heartBtInt(30).start())
        {
            final String base = "http://127.0.0.1:" + engine.metricsHttpPort();
            qfj.awaitLogon();
            for (int i = 1; i <= 3; i++)
            {
                qfj.send(qfj.newOrderSingle(i));
            }
            await(() -> qfj.rejects() == 3, "qfj.rejects() == 3");
            qfj.session().setNextSenderMsgSeqNum(qfj.session().getStore().getNextSenderMsgSeqNum() + 3);
            qfj.send(qfj.newOrderSingle(4));
            await(() -> qfj.rejects() == 4, "qfj.rejects() == 4");
            try (CountersFile file = CountersFile.open(dir))
            {
                await(() -> value(file.reader(), "fixtape_session_messages_total{" + SESSION +
                    ",direction=\"out\",msg_type=\"j\"}") == 4,
                    "four outbound j messages in the counters file");
                assertTrue(file.isLive(System.currentTimeMillis()), "heartbeat of a running engine");
            }
            assertEquals(200, get(base + "/health/ready").statusCode());
            assertEquals(200, get(base + "/health/live").statusCode());
            qfj.logout("done");
            await(() -> !engine.sessions().get(0).isConnected(), "!engine.sessions().get(0).isConnected()");
            awaitReady(base, 503);
            final HttpResponse<String> scrape = get(base + "/metrics");
            assertEquals(200, scrape.statusCode());
            assertTrue(scrape.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
            scraped = parsePrometheus(scrape.body());
        }

        final Map<String, Long> expected = new HashMap<>();
        // in: Logon, 4 orders + the PossDup resend of the 4th, the gap fill, Logout
        expected.put(messages("in", "A"), 1L);
        expected.put(messages("in", "D"), 5L);
        expected.put(messages("in", "4"), 1L);
        expected.put(messages("in", "5"), 1L);
        // out: Logon, 4 business rejects, the ResendRequest, Logout
        expected.put(messages("out", "A"), 1L);
        expected.put(messages("out", "j"), 4L);
        expected.put(messages("out", "2"), 1L);
        expected.put(messages("out", "5"), 1L);
        expected.put("fixtape_session_resend_requests_total{" + SESSION + ",direction=\"out\"}", 1L);
        expected.put("fixtape_session_sequence_resets_total{" + SESSION + ",direction=\"in\"}", 1L);
        expected.put("fixtape_session_business_rejects_total{" + SESSION + ",direction=\"out\"}", 4L);
        expected.put("fixtape_session_logons_total{" + SESSION + "}", 1L);
        expected.put("fixtape_session_logouts_total{" + SESSION + ",direction=\"out\",reason=\"reply\"}", 1L);
        expected.put("fixtape_session_disconnects_total{" + SESSION + ",reason=\"logout\"}", 1L);
        expected.put("fixtape_session_next_sender_seq_num{" + SESSION + "}", 8L);
        expected.put("fixtape_session_next_target_seq_num{" + SESSION + "}", 10L);
        expected.put("fixtape_session_logged_on{" + SESSION + "}", 0L);
        expected.put("fixtape_connections_accepted_total", 1L);
        expected.put("fixtape_disconnects_total{reason=\"logout\"}", 1L);
        // the limits' Logout reasons are series of their own, at 0 here
        final String logouts = "fixtape_session_logouts_total{" + SESSION + ",direction=\"out\",reason=";
        expected.put(logouts + "\"resend_request_limit\"}", 0L);
        expected.put(logouts + "\"sequence_reset_limit\"}", 0L);
        expected.forEach((series, value) -> assertEquals(value, scraped.get(series), series));

        // every other message counter is zero; bytes agree with what was counted
        scraped.forEach((series, value) ->
        {
            if (series.startsWith("fixtape_session_messages_total{") && !expected.containsKey(series))
            {
                assertEquals(0L, value, series);
            }
        });
        assertTrue(scraped.get("fixtape_session_bytes_total{" + SESSION + ",direction=\"in\"}") > 0);
        assertEquals(scraped.get("fixtape_bytes_total{direction=\"in\"}"),
            scraped.get("fixtape_session_bytes_total{" + SESSION + ",direction=\"in\"}"));

        // the stopped engine's file: final values, marked closed
        try (CountersFile file = CountersFile.open(dir))
        {
            assertTrue(file.isClosed());
            assertFalse(file.isLive(System.currentTimeMillis()));
            assertEquals(4, value(file.reader(), messages("out", "j")));
        }
    }

    private static String messages(final String direction, final String msgType)
    {
        return "fixtape_session_messages_total{" + SESSION + ",direction=\"" + direction + "\",msg_type=\"" +
            msgType + "\"}";
    }

    /** Prometheus text: every sample line is "series value"; every metric has one # TYPE line before its samples. */
    static Map<String, Long> parsePrometheus(final String body)
    {
        final Map<String, Long> samples = new HashMap<>();
        final Set<String> typed = new HashSet<>();
        for (final String line : body.split("\n"))
        {
            if (line.startsWith("# TYPE "))
            {
                final String[] parts = line.split(" ");
                assertEquals(4, parts.length, line);
                assertTrue(parts[2].startsWith("fixtape_"), line);
                assertTrue(!parts[3].equals("counter") || parts[2].endsWith("_total"), "counter without _total: " + line);
                assertTrue(typed.add(parts[2]), "one TYPE line per metric: " + line);
                continue;
            }
            final int space = line.lastIndexOf(' ');
            final String series = line.substring(0, space);
            final String name = series.contains("{") ? series.substring(0, series.indexOf('{')) : series;
            assertTrue(typed.stream().anyMatch(name::startsWith), "sample before its TYPE: " + line);
            final String value = line.substring(space + 1);
            samples.put(series, value.contains(".") || value.contains("E") ? Math.round(Double.parseDouble(value))
                : Long.parseLong(value));
        }
        return samples;
    }

    private static long value(final CountersReader reader, final String label)
    {
        final long[] found = {-1};
        reader.forEach((id, type, key, counterLabel) ->
        {
            if (counterLabel.equals(label))
            {
                found[0] = reader.getCounterValue(id);
            }
        });
        return found[0];
    }

    private HttpResponse<String> get(final String uri) throws IOException, InterruptedException
    {
        return http.send(HttpRequest.newBuilder(URI.create(uri)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private void awaitReady(final String base, final int status) throws Exception
    {
        await(() -> get(base + "/health/ready").statusCode() == status, "/health/ready answering " + status);
    }
}
