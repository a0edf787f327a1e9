package io.fixtape.replay.drive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A {@link ReplayDiff} for machines: JSON (every difference, by session) and JUnit XML (one test case per session,
 * failed with its differences), which CI servers show as test results. A replay that could not run is written too:
 * JSON {@code "result": "could not run"} with the reason, JUnit one test case in error.
 *
 * <p>JSON layout:
 * <pre>
 * {"recording": DIR, "transport": T, "result": "identical"|"different"|"could not run", "exit_code": N,
 *  "reason": (could not run only), "ignored": ["52", "8:37"], "inbound_total": N, "inbound_delivered": N,
 *  "sessions": [{"session": ID, "role": "acceptor"|"initiator", "connections": N, "inbound": N,
 *                "outbound_recorded": N, "outbound_replayed": N, "sha256": HEX, "identical": BOOL,
 *                "messages_with_differences": N, "differences": [{"message": N, "seq": N, "msg_type": T,
 *                "tag": N (0: the whole message), "recorded": S|null, "replayed": S|null, "derived": BOOL}]}]}
 * </pre>
 * Stateless.
 */
public final class DiffReports
{
    /** Differences written per session at most (the counts are always complete). */
    public static final int MAX_DIFFERENCES_PER_SESSION = 100_000;

    private DiffReports()
    {
    }

    /** The diff of a replay that ran ({@code exitCode}: what the command exits with). */
    public static void writeJson(final Path out, final String recording, final String transport, final ReplayDiff diff,
        final int exitCode) throws IOException
    {
        final StringBuilder json = new StringBuilder(4096);
        json.append("{\n  \"recording\": ").append(JsonText.quote(recording))
            .append(",\n  \"transport\": ").append(JsonText.quote(transport))
            .append(",\n  \"result\": ").append(JsonText.quote(diff.isClean() ? "identical" : "different"))
            .append(",\n  \"exit_code\": ").append(exitCode)
            .append(",\n  \"ignored\": [");
        for (int i = 0; i < diff.ignored().rules().size(); i++)
        {
            json.append(i == 0 ? "" : ", ").append(JsonText.quote(diff.ignored().rules().get(i)));
        }
        json.append("],\n  \"inbound_total\": ").append(diff.inboundTotal())
            .append(",\n  \"inbound_delivered\": ").append(diff.inboundDelivered())
            .append(",\n  \"sessions\": [");
        boolean firstSession = true;
        for (final ReplayDiff.SessionDiff session : diff.sessions())
        {
            final FixDiff.Report report = session.report;
            json.append(firstSession ? "\n" : ",\n").append("    {\"session\": ")
                .append(JsonText.quote(session.sessionId.toString()))
                .append(", \"role\": ").append(JsonText.quote(session.engineInitiates ? "initiator" : "acceptor"))
                .append(", \"connections\": ").append(session.connections)
                .append(", \"inbound\": ").append(session.inboundTotal)
                .append(", \"outbound_recorded\": ").append(report.recordedMessages)
                .append(", \"outbound_replayed\": ").append(report.replayedMessages)
                .append(", \"sha256\": ").append(JsonText.quote(session.digest))
                .append(", \"identical\": ").append(report.isClean())
                .append(", \"messages_with_differences\": ").append(report.messagesWithDifferences)
                .append(", \"differences\": [");
            final int shown = Math.min(report.differences.size(), MAX_DIFFERENCES_PER_SESSION);
            for (int i = 0; i < shown; i++)
            {
                final FixDiff.Difference d = report.differences.get(i);
                json.append(i == 0 ? "\n" : ",\n").append("      {\"message\": ").append(d.messageIndex)
                    .append(", \"seq\": ").append(d.seqNum)
                    .append(", \"msg_type\": ").append(JsonText.quote(d.msgType))
                    .append(", \"tag\": ").append(d.tag)
                    .append(", \"recorded\": ").append(d.recorded == null ? "null" : JsonText.quote(d.recorded))
                    .append(", \"replayed\": ").append(d.replayed == null ? "null" : JsonText.quote(d.replayed))
                    .append(", \"derived\": ").append(d.derived).append('}');
            }
            json.append(shown == 0 ? "]}" : "\n    ]}");
            firstSession = false;
        }
        json.append("\n  ]\n}\n");
        Files.writeString(out, json.toString(), StandardCharsets.UTF_8);
    }

    /** A replay that could not run (stalled, no connection, no engine): the reason. */
    public static void writeJsonCouldNotRun(final Path out, final String recording, final String transport,
        final String reason, final int exitCode) throws IOException
    {
        Files.writeString(out, "{\n  \"recording\": " + JsonText.quote(recording) + ",\n  \"transport\": " +
            JsonText.quote(transport) + ",\n  \"result\": \"could not run\",\n  \"exit_code\": " + exitCode +
            ",\n  \"reason\": " + JsonText.quote(reason) + ",\n  \"sessions\": []\n}\n", StandardCharsets.UTF_8);
    }

    /**
     * JUnit XML: test suite {@code fixtape replay RECORDING (TRANSPORT)}, one test case per session named after it
     * (class name {@code fixtape.replay.<recording directory name>}), failed with its first {@code limit}
     * differences; the inbound messages that did not reach the engine fail a test case of their own.
     */
    public static void writeJUnitXml(final Path out, final String recording, final String transport,
        final ReplayDiff diff, final long elapsedNanos, final int limit) throws IOException
    {
        final String className = className(recording);
        final boolean incomplete = diff.inboundDelivered() < diff.inboundTotal();
        final int tests = diff.sessions().size() + (incomplete ? 1 : 0);
        int failures = incomplete ? 1 : 0;
        final StringBuilder cases = new StringBuilder();
        for (final ReplayDiff.SessionDiff session : diff.sessions())
        {
            cases.append("  <testcase classname=\"").append(xml(className)).append("\" name=\"")
                .append(xml(session.sessionId.toString())).append("\" time=\"0\"");
            if (session.isClean())
            {
                cases.append("/>\n");
                continue;
            }
            failures++;
            final FixDiff.Report report = session.report;
            cases.append(">\n    <failure type=\"ReplayDifference\" message=\"").append(xml(report.messagesWithDifferences +
                " of " + report.recordedMessages + " recorded outbound messages differ (" + report.differences.size() +
                " differences)")).append("\">").append(xml(report.describe(limit))).append("</failure>\n  </testcase>\n");
        }
        if (incomplete)
        {
            cases.append("  <testcase classname=\"").append(xml(className)).append("\" name=\"every inbound message " +
                "reached the engine\" time=\"0\">\n    <failure type=\"ReplayIncomplete\" message=\"")
                .append(diff.inboundTotal() - diff.inboundDelivered()).append(" of ").append(diff.inboundTotal())
                .append(" inbound messages did not reach the engine\"/>\n  </testcase>\n");
        }
        final StringBuilder xml = new StringBuilder(cases.length() + 512);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"")
            .append(xml("fixtape replay " + recording + " (" + transport + ")")).append("\" tests=\"").append(tests)
            .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"0\" time=\"")
            .append(String.format("%.3f", elapsedNanos / 1e9)).append("\" timestamp=\"")
            .append(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString().replace("Z", "")).append("\">\n")
            .append("  <properties>\n    <property name=\"transport\" value=\"").append(xml(transport))
            .append("\"/>\n    <property name=\"ignored\" value=\"").append(xml(diff.ignored().toString()))
            .append("\"/>\n  </properties>\n").append(cases).append("</testsuite>\n");
        Files.writeString(out, xml.toString(), StandardCharsets.UTF_8);
    }

    /** JUnit XML for a replay that could not run: one test case in error with the reason. */
    public static void writeJUnitXmlCouldNotRun(final Path out, final String recording, final String transport,
        final String reason) throws IOException
    {
        Files.writeString(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" +
            xml("fixtape replay " + recording + " (" + transport + ")") + "\" tests=\"1\" failures=\"0\" errors=\"1\" " +
            "skipped=\"0\" time=\"0\">\n  <testcase classname=\"" + xml(className(recording)) + "\" name=\"replay\" " +
            "time=\"0\">\n    <error type=\"ReplayCouldNotRun\" message=\"" + xml(reason) + "\"/>\n  </testcase>\n" +
            "</testsuite>\n", StandardCharsets.UTF_8);
    }

    private static String className(final String recording)
    {
        final String name = Path.of(recording).getFileName() == null ? recording :
            Path.of(recording).getFileName().toString();
        return "fixtape.replay." + name.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    /** Text for an XML attribute or element: markup escaped, control characters (SOH…) shown as {@code |}. */
    static String xml(final String text)
    {
        final StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            switch (c)
            {
                case '&': sb.append("&amp;"); break;
                case '<': sb.append("&lt;"); break;
                case '>': sb.append("&gt;"); break;
                case '"': sb.append("&quot;"); break;
                case '\'': sb.append("&apos;"); break;
                case '\n': sb.append("&#10;"); break;
                case '\r': break;
                default: sb.append(c < 0x20 ? '|' : c);
            }
        }
        return sb.toString();
    }
}
