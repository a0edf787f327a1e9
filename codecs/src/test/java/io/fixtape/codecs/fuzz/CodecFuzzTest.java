package io.fixtape.codecs.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.fixtape.codegen.runtime.GroupDecoder;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.fuzz.FuzzInputs;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated decoders over arbitrary and mutated messages. Input: byte 0 picks the decoder (FIX 4.2, FIX 4.4,
 * FIX 5.0 SP2 messages with components and nested groups, the FIX 4.4 and FIXT 1.1 headers); bit 7 frames the rest
 * as "lines" (see {@link FuzzInputs#framedLines}); the rest is the message.
 *
 * <p>Each input is wrapped and then every public getter of the message decoder is called, recursively through its
 * components and through every entry of every repeating group (however wrong NumInGroup is), and
 * {@code appendTo} prints it. Checked: nothing throws; group iteration is bounded by the message's fields; the
 * printed form is bounded by the message size (no output growing with what a count field claims).
 */
class CodecFuzzTest
{
    private static final List<Function<FixDecoder, Object>> DECODERS = List.of(
        m -> new io.fixtape.codecs.fix44.NewOrderSingleDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix44.ExecutionReportDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix44.MarketDataSnapshotFullRefreshDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix44.AllocationInstructionDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix44.HeaderDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix42.NewOrderSingleDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix42.ExecutionReportDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix50sp2.ExecutionReportDecoder().wrap(m),
        m -> new io.fixtape.codecs.fix50sp2.NewOrderSingleDecoder().wrap(m),
        m -> new io.fixtape.codecs.fixt11.LogonDecoder().wrap(m),
        m -> new io.fixtape.codecs.fixt11.HeaderDecoder().wrap(m));
    private static final Set<String> NOT_GETTERS = Set.of("wrap", "next", "iterator", "remove", "forEachRemaining",
        "spliterator", "decoder", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait");

    @FuzzTest(maxDuration = "2m")
    void decodes(final byte[] data)
    {
        final int control = FuzzInputs.control(data, 0);
        final byte[] raw = FuzzInputs.payload(data, 1);
        final byte[] message = (control & 0x80) != 0 ? FuzzInputs.framedLines(raw) : raw;
        final FixDecoder fix = new FixDecoder().wrap(new UnsafeBuffer(message), 0, message.length);
        final Object decoder = DECODERS.get((control & 0x7F) % DECODERS.size()).apply(fix);

        final int[] steps = {0};
        readAll(decoder, fix.fieldCount(), steps, 0);
        final StringBuilder printed = new StringBuilder();
        appendTo(decoder, printed);
        assertTrue(printed.length() <= 4096 + 64L * message.length,
            "printed " + printed.length() + " chars for a message of " + message.length + " bytes");
    }

    /** The harness reads what a valid message holds: parties of a FIX 4.4 order, through its group decoder. */
    @Test
    void readsAValidOrderThroughItsGroups()
    {
        final byte[] lines = CodecFuzzSeeds.MESSAGES.get(0).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        final byte[] message = FuzzInputs.framedLines(lines);
        final FixDecoder fix = new FixDecoder().wrap(new UnsafeBuffer(message), 0, message.length);
        final io.fixtape.codecs.fix44.NewOrderSingleDecoder order =
            new io.fixtape.codecs.fix44.NewOrderSingleDecoder().wrap(fix);
        final int[] steps = {0};
        readAll(order, fix.fieldCount(), steps, 0);
        assertTrue(steps[0] > 100, "getters called: " + steps[0]);
        final StringBuilder printed = new StringBuilder();
        order.appendTo(printed);
        assertTrue(printed.toString().contains("PartyID=DESK") && printed.toString().contains("PartyID=TRADER"), printed.toString());
        assertEquals(2, order.parties().noPartyIDs().count());
    }

    private static void readAll(final Object decoder, final int fieldCount, final int[] steps, final int depth)
    {
        assertTrue(depth < 16, "components nest deeper than any dictionary");
        for (final Method method : decoder.getClass().getMethods())
        {
            if (method.getParameterCount() != 0 || Modifier.isStatic(method.getModifiers()) ||
                NOT_GETTERS.contains(method.getName()))
            {
                continue;
            }
            steps[0]++;
            final Object value = invoke(method, decoder);
            if (value instanceof GroupDecoder)
            {
                final GroupDecoder<?> group = (GroupDecoder<?>)value;
                group.iterator();
                int entries = 0;
                while (group.hasNext())
                {
                    group.next();
                    assertTrue(++entries <= fieldCount, "more group entries than fields");
                    readAll(group, fieldCount, steps, depth + 1);
                }
            }
            else if (value != null && value.getClass().getName().startsWith("io.fixtape.codecs.") &&
                value.getClass().getSimpleName().endsWith("Decoder") && value != decoder)
            {
                readAll(value, fieldCount, steps, depth + 1); // a component
            }
        }
    }

    private static void appendTo(final Object decoder, final StringBuilder out)
    {
        try
        {
            invoke(decoder.getClass().getMethod("appendTo", StringBuilder.class), decoder, out);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new AssertionError("every generated decoder prints itself: " + decoder.getClass(), ex);
        }
    }

    private static Object invoke(final Method method, final Object target, final Object... args)
    {
        try
        {
            return method.invoke(target, args);
        }
        catch (final InvocationTargetException ex)
        {
            if (ex.getCause() instanceof RuntimeException)
            {
                throw (RuntimeException)ex.getCause(); // the decoder threw: a finding
            }
            throw new AssertionError(method + " threw", ex.getCause());
        }
        catch (final IllegalAccessException ex)
        {
            throw new AssertionError(method.toString(), ex);
        }
    }
}
