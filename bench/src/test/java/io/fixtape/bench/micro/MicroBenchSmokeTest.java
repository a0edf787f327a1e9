package io.fixtape.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.options.Options;

import io.fixtape.bench.AllocationProbe;
import io.fixtape.bench.harness.Standards;
import io.fixtape.bench.micro.sidebyside.Engines;
import io.fixtape.bench.micro.sidebyside.ExecutionReportWriter;
import io.fixtape.bench.micro.sidebyside.NewOrderSingleParser;
import io.fixtape.engine.codec.MsgTypes;
import quickfix.DataDictionary;
import quickfix.Message;
import quickfix.MessageUtils;

/**
 * Keeps the micro benchmark suite compiling and honest without measuring anything: every benchmark method runs
 * in-process a few times, the three engines of the side-by-side benchmarks are shown to do the same work on the
 * same message, and the fixtape rows are shown to allocate nothing. Runs in well under a second of work.
 */
class MicroBenchSmokeTest
{
    private static final Blackhole BLACKHOLE = new Blackhole(
        "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    private static final List<String> ENGINES = List.of(Engines.FIXTAPE, Engines.FIXTAPE_TYPED, Engines.QUICKFIXJ, Engines.ARTIO);

    @Test
    void everyEngineAcceptsTheSampleNewOrderSingle()
    {
        for (final String engine : ENGINES)
        {
            final ParseNewOrderSingle benchmark = new ParseNewOrderSingle();
            benchmark.engine = engine;
            benchmark.setup();
            assertTrue(benchmark.parse(BLACKHOLE), engine);
        }
    }

    @Test
    void everyEngineFramesRejectingABadChecksum()
    {
        final byte[] message = SampleMessages.newOrderSingle(1234);
        message[message.length - 2]++;
        for (final String engine : ENGINES)
        {
            assertFalse(Engines.newOrderSingleParser(engine, message).parse(BLACKHOLE), engine);
        }
    }

    @Test
    void everyEngineValidatesAgainstTheDictionary()
    {
        // Side (54) 'Z' is not in FIX 4.4's enum; a correctly framed message that only validation can reject.
        final byte[] badEnum = SampleMessages.fix44("35=D|49=" + SampleMessages.SENDER + "|56=" + SampleMessages.TARGET +
            "|34=7|52=" + SampleMessages.TIMESTAMP + "|11=X1|55=EURUSD|54=Z|60=" + SampleMessages.TIMESTAMP +
            "|38=100|40=2|44=1.5|");
        // TransactTime (60) is required in a FIX 4.4 NewOrderSingle.
        final byte[] missingRequired = SampleMessages.fix44("35=D|49=" + SampleMessages.SENDER + "|56=" +
            SampleMessages.TARGET + "|34=7|52=" + SampleMessages.TIMESTAMP + "|11=X1|55=EURUSD|54=1|38=100|40=2|44=1.5|");
        for (final String engine : ENGINES)
        {
            assertFalse(Engines.newOrderSingleParser(engine, badEnum).parse(BLACKHOLE), engine + " bad enum");
            assertFalse(Engines.newOrderSingleParser(engine, missingRequired).parse(BLACKHOLE),
                engine + " missing TransactTime");
        }
    }

    @Test
    void everyEngineEncodesTheSameFillAndQuickFixJValidatesIt() throws Exception
    {
        final DataDictionary dictionary = new DataDictionary("FIX44.xml");
        Map<Integer, String> expected = null;
        for (final String engine : ENGINES)
        {
            final EncodeExecutionReport benchmark = new EncodeExecutionReport();
            benchmark.engine = engine;
            benchmark.setup();
            benchmark.encode(BLACKHOLE);
            final int length = benchmark.encode(BLACKHOLE);
            final ExecutionReportWriter writer = benchmark.writer();
            final byte[] bytes = writer.lastMessage();
            assertEquals(length, bytes.length, engine);
            final Map<Integer, String> fields = fieldsValidatedByQuickFixJ(dictionary, bytes);
            assertEquals("2", fields.get(34), engine + " MsgSeqNum increments");
            if (expected == null)
            {
                expected = fields;
            }
            assertEquals(expected, fields, engine + " writes the same fields (incl. BodyLength and CheckSum)");
        }
    }

    @Test
    void genBenchmarksWriteMessagesQuickFixJValidates() throws Exception
    {
        final DataDictionary dictionary = new DataDictionary("FIX44.xml");
        for (final EncodeBenchmark benchmark :
            List.of(new FixtapeEncodeLogon(), new FixtapeEncodeNewOrderSingle(), new FixtapeEncodeExecutionReport()))
        {
            benchmark.encode();
            fieldsValidatedByQuickFixJ(dictionary, benchmark.lastMessage());
        }
        final FixtapeEncodeNewOrderSingle nos = new FixtapeEncodeNewOrderSingle();
        nos.encode();
        assertEquals(SampleMessages.readable(SampleMessages.newOrderSingle(1)), SampleMessages.readable(nos.lastMessage()));
    }

    @Test
    void codecPrimitivesProduceTheExpectedValues()
    {
        final CodecPrimitives benchmark = new CodecPrimitives();
        benchmark.setup();
        for (int i = 0; i < 16; i++)
        {
            benchmark.scanSohFields(BLACKHOLE);
            benchmark.findClOrdIdTag(BLACKHOLE);
            benchmark.formatChecksum3Ascii(BLACKHOLE);
            assertTrue(benchmark.parseLongAscii() > 0);
            assertTrue(benchmark.formatPositiveLongAscii() > 0);
            assertTrue(benchmark.parseDecimalScaled6() > 0);
        }
        final byte[] nos = SampleMessages.newOrderSingle(1234);
        final String trailer = new String(nos, nos.length - 4, 3, StandardCharsets.US_ASCII);
        assertEquals(Integer.parseInt(trailer), benchmark.checksumMessage());
    }

    @Test
    void parseStepsRunOnTheSample()
    {
        final ParseNewOrderSingleSteps steps = new ParseNewOrderSingleSteps();
        steps.setup();
        assertEquals(SampleMessages.newOrderSingle(1234).length, steps.frame());
        assertEquals(18, steps.wrap()); // 8 9 35 49 56 34 52, 10 body fields, 10
        assertTrue(steps.validate());
        assertTrue(steps.validate()); // again: now answered by the layout cache
        assertTrue(steps.validateNoLayoutCache());
        steps.reads(BLACKHOLE);
        // the reads ended on Symbol (string) and Price (decimal) of the sample order
        assertEquals(SampleMessages.SYMBOL, steps.lastString().toString());
        assertEquals(SampleMessages.PRICE_MANTISSA, steps.lastDecimal().mantissa());
        assertEquals(SampleMessages.PRICE_SCALE, steps.lastDecimal().scale());
    }

    @Test
    void parseBufferCyclesThroughItsFiveMessages()
    {
        final ParseBuffer benchmark = new ParseBuffer();
        benchmark.setup();
        final long[] types = {MsgTypes.LOGON, MsgTypes.HEARTBEAT, MsgTypes.NEW_ORDER_SINGLE,
            MsgTypes.EXECUTION_REPORT, MsgTypes.ORDER_CANCEL_REQUEST};
        for (int i = 0; i < 12; i++)
        {
            benchmark.parse(BLACKHOLE);
            assertEquals(types[i % 5], benchmark.lastMsgType(), "message " + i);
            assertTrue(benchmark.lastFieldCount() >= 8, "message " + i + " indexed");
            assertEquals(i % 5 == 4, benchmark.position() == 0, "wraps round after the fifth, message " + i);
        }
    }

    @Test
    void fixtapeRowsAllocateNothing()
    {
        final CodecPrimitives primitives = new CodecPrimitives();
        primitives.setup();
        final ParseBuffer parseBuffer = new ParseBuffer();
        parseBuffer.setup();
        final ParseNewOrderSingle parse = new ParseNewOrderSingle();
        parse.engine = Engines.FIXTAPE;
        parse.setup();
        final EncodeExecutionReport encode = new EncodeExecutionReport();
        encode.engine = Engines.FIXTAPE;
        encode.setup();
        final ParseNewOrderSingle parseTyped = new ParseNewOrderSingle();
        parseTyped.engine = Engines.FIXTAPE_TYPED;
        parseTyped.setup();
        final EncodeExecutionReport encodeTyped = new EncodeExecutionReport();
        encodeTyped.engine = Engines.FIXTAPE_TYPED;
        encodeTyped.setup();
        final FixtapeEncodeLogon encodeLogon = new FixtapeEncodeLogon();
        final FixtapeEncodeNewOrderSingle encodeNewOrderSingle = new FixtapeEncodeNewOrderSingle();
        final FixtapeEncodeExecutionReport encodeExecutionReport = new FixtapeEncodeExecutionReport();

        final Map<String, Runnable> rows = new LinkedHashMap<>();
        rows.put("scanSohFields", () -> primitives.scanSohFields(BLACKHOLE));
        rows.put("findClOrdIdTag", () -> primitives.findClOrdIdTag(BLACKHOLE));
        rows.put("formatChecksum3Ascii", () -> primitives.formatChecksum3Ascii(BLACKHOLE));
        rows.put("parseLongAscii", () -> BLACKHOLE.consume(primitives.parseLongAscii()));
        rows.put("formatPositiveLongAscii", () -> BLACKHOLE.consume(primitives.formatPositiveLongAscii()));
        rows.put("parseDecimalScaled6", () -> BLACKHOLE.consume(primitives.parseDecimalScaled6()));
        rows.put("checksumMessage", () -> BLACKHOLE.consume(primitives.checksumMessage()));
        rows.put("ParseBuffer", () -> parseBuffer.parse(BLACKHOLE));
        rows.put("FixtapeEncodeLogon", () -> BLACKHOLE.consume(encodeLogon.encode()));
        rows.put("FixtapeEncodeNewOrderSingle", () -> BLACKHOLE.consume(encodeNewOrderSingle.encode()));
        rows.put("FixtapeEncodeExecutionReport", () -> BLACKHOLE.consume(encodeExecutionReport.encode()));
        rows.put("ParseNewOrderSingle:fixtape", () -> BLACKHOLE.consume(parse.parse(BLACKHOLE)));
        rows.put("EncodeExecutionReport:fixtape", () -> BLACKHOLE.consume(encode.encode(BLACKHOLE)));
        rows.put("ParseNewOrderSingle:fixtape-typed", () -> BLACKHOLE.consume(parseTyped.parse(BLACKHOLE)));
        rows.put("EncodeExecutionReport:fixtape-typed", () -> BLACKHOLE.consume(encodeTyped.encode(BLACKHOLE)));

        final Map<String, Long> perOperation = new LinkedHashMap<>();
        final Map<String, Long> none = new LinkedHashMap<>();
        rows.forEach((name, row) ->
        {
            perOperation.put(name, AllocationProbe.minBytesPerOperation(row, 50_000, 10_000, 8));
            none.put(name, 0L);
        });
        assertEquals(none, perOperation, "bytes allocated per operation of each fixtape row (min over repeats)");
    }

    @Test
    void everyNamedBenchmarkIsInJmhsList()
    {
        final Set<String> names = new TreeSet<>();
        BenchmarkList.defaultList()
            .getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())
            .forEach(entry -> names.add(entry.getUsername()));
        for (final String name : List.of("CodecPrimitives.scanSohFields", "CodecPrimitives.findClOrdIdTag",
            "CodecPrimitives.parseLongAscii", "CodecPrimitives.formatChecksum3Ascii",
            "CodecPrimitives.formatPositiveLongAscii", "CodecPrimitives.parseDecimalScaled6",
            "CodecPrimitives.checksumMessage", "ParseBuffer.parse", "FixtapeEncodeLogon.encode",
            "FixtapeEncodeNewOrderSingle.encode", "FixtapeEncodeExecutionReport.encode", "ParseNewOrderSingle.parse",
            "EncodeExecutionReport.encode",
            "ParseNewOrderSingleSteps.validate", "ParseNewOrderSingleSteps.validateNoLayoutCache",
            "ResendIndexFirstPutBenchmark.put"))
        {
            assertTrue(names.contains("io.fixtape.bench.micro." + name), name + " in " + names);
        }
    }

    @Test
    void runnerOptionsCarryFlagsLabelAndFilter()
    {
        final MicroBench.Recipe smoke = MicroBench.Recipe.from(Standards.load(Standards.locate()), "smoke");
        final Options options = MicroBench.options(smoke, "0123abcd", "ParseNewOrderSingle", Path.of("out.json"));
        assertEquals(List.of("io\\.fixtape\\.bench\\.micro\\..*(?:ParseNewOrderSingle)"), options.getIncludes());
        final List<String> jvmArgs = List.copyOf(options.getJvmArgs().get());
        assertTrue(jvmArgs.contains("-Dfixtape.bench.label=smoke"), jvmArgs::toString);
        assertTrue(jvmArgs.contains("-Dfixtape.bench.standards.sha256=0123abcd"), jvmArgs::toString);
        assertTrue(jvmArgs.contains(MicroBench.ARTIO_VALIDATION), jvmArgs::toString);
        assertTrue(jvmArgs.stream().anyMatch(a -> a.startsWith("--add-exports")), jvmArgs::toString);
        assertEquals(1, options.getForkCount().get());
    }

    private static Map<Integer, String> fieldsValidatedByQuickFixJ(final DataDictionary dictionary, final byte[] bytes)
        throws Exception
    {
        final String text = new String(bytes, StandardCharsets.ISO_8859_1);
        final Message message = MessageUtils.parse(new quickfix.fix44.MessageFactory(), dictionary, text, true);
        dictionary.validate(message);
        final Map<Integer, String> fields = new TreeMap<>();
        for (final String field : text.split("\u0001"))
        {
            final int equals = field.indexOf('=');
            assertEquals(null, fields.put(Integer.parseInt(field.substring(0, equals)), field.substring(equals + 1)),
                "repeated tag in " + SampleMessages.readable(bytes));
        }
        return fields;
    }
}
