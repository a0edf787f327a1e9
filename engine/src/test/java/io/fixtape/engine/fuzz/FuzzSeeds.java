package io.fixtape.engine.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the hand-made seed inputs of the engine's fuzz tests into {@code src/test/resources}: valid conversations and
 * the usual ways they go wrong (wrong BodyLength or CheckSum, duplicate tags, huge numbers, non-digits in int fields,
 * wrong NumInGroup counts, sequence gaps, data fields whose length lies, garbage between messages). The fuzzer starts
 * from these; its own findings are added beside them. Run from the module directory:
 * {@code java -cp <test classpath> io.fixtape.engine.fuzz.FuzzSeeds src/test/resources}.
 */
public final class FuzzSeeds
{
    public static final String TIME = "20261202-12:00:00.000";
    private static final String H = "49=TW|52=" + TIME + "|56=ISLD|";

    /** Conversations in "lines" form (one message per line, BodyLength and CheckSum filled in by the harness). */
    public static final List<String> CONVERSATIONS = List.of(
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=30|\n" +
            "8=FIX.4.4|35=0|34=2|" + H + "\n" +
            "8=FIX.4.4|35=D|34=3|" + H + "11=ORD-1|453=2|448=DESK|447=D|452=24|448=TRADER|447=D|452=11|55=IBM|" +
            "54=1|60=" + TIME + "|38=100|40=2|44=12.50|59=0|\n" +
            "8=FIX.4.4|35=1|34=4|" + H + "112=TEST-1|\n" +
            "8=FIX.4.4|35=5|34=5|" + H + "58=bye|\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=30|141=Y|\n" +
            "8=FIX.4.4|35=2|34=2|" + H + "7=1|16=0|\n" +
            "8=FIX.4.4|35=4|34=3|" + H + "123=Y|36=10|\n" +
            "8=FIX.4.4|35=0|34=10|" + H + "\n" +
            "8=FIX.4.4|35=4|34=11|" + H + "36=5|\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=30|\n" +
            "8=FIX.4.4|35=0|34=5|" + H + "\n" +
            "8=FIX.4.4|35=0|34=2|43=Y|" + H + "122=" + TIME + "|\n" +
            "8=FIX.4.4|35=0|34=3|43=Y|" + H + "\n" +
            "8=FIX.4.4|35=0|34=1|" + H + "\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=30|789=7|\n" +
            "8=FIX.4.4|35=3|34=2|" + H + "45=1|373=5|58=x|\n" +
            "8=FIX.4.4|35=j|34=3|" + H + "45=1|372=D|380=3|\n" +
            "8=FIX.4.4|35=8|34=4|" + H + "37=O|17=E|150=0|39=0|55=IBM|54=1|151=1|14=0|6=0|\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=0|\n" +
            "8=FIX.4.4|35=D|34=2|" + H + "11=A|11=B|55=IBM|54=1|60=" + TIME + "|38=1|40=1|\n" +
            "8=FIX.4.4|35=D|34=3|" + H + "11=A|453=3|448=P|447=D|452=1|55=IBM|54=1|60=" + TIME + "|38=1|40=1|\n" +
            "8=FIX.4.4|35=D|34=4|" + H + "11=A|453=-1|55=IBM|54=1|60=" + TIME + "|38=1e400|40=1|\n" +
            "8=FIX.4.4|35=D|34=5|" + H + "11=A|453=99999999999|55=IBM|54=x|60=2026|38=|40=1|\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=99999999999|\n" +
            "8=FIX.4.4|35=0|34=99999999999999999999|" + H + "\n" +
            "8=FIX.4.4|35=0|34=-1|" + H + "\n" +
            "8=FIX.4.4|35=0|34=abc|" + H + "\n" +
            "8=FIX.4.4|35=0|34=2|34=3|" + H + "\n" +
            "8=FIX.4.4|35=0|34=2|" + H + "0=x|\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=30|95=1000|96=x|\n" +
            "8=FIX.4.4|35=B|34=2|" + H + "148=news|33=1|58=a|95=3|96=a\001b|\n" +
            "8=FIX.4.2|35=0|34=3|" + H + "\n" +
            "8=FIX.4.4|35=0|34=3|49=XX|52=" + TIME + "|56=ISLD|\n" +
            "8=FIX.4.4|35=0|34=4|49=TW|52=19700101-00:00:00|56=ISLD|\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=30|\n" +
            "8=FIX.4.4|35=2|34=2|" + H + "7=2147483647|16=-5|\n" +
            "8=FIX.4.4|35=4|34=3|" + H + "123=N|36=1|\n" +
            "8=FIX.4.4|35=4|34=3|" + H + "123=Y|36=2147483647|\n" +
            "8=FIX.4.4|35=1|34=2147483647|" + H + "112=|\n",
        "8=FIX.4.4|35=0|34=1|" + H + "\n" +
            "8=FIX.4.4|35=A|34=1|" + H + "98=0|108=30|\n",
        "8=FIX.4.4|35=A|34=1|" + H + "98=1|108=30|\n" +
            "8=FIX.4.4|35=5|34=2|" + H + "\n" +
            "8=FIX.4.4|35=A|34=3|" + H + "98=0|108=30|\n",
        "8=FIX.4.4|35=A|34=1|49=TW|52=" + TIME + "|56=" + "X".repeat(3000) + "|98=0|108=30|\n");

    private FuzzSeeds()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        final Path resources = Path.of(args.length > 0 ? args[0] : "src/test/resources");
        final Path base = resources.resolve("io/fixtape/engine/fuzz");
        final List<byte[]> streams = new ArrayList<>();
        final List<byte[]> messages = new ArrayList<>();
        for (final String conversation : CONVERSATIONS)
        {
            final byte[] lines = conversation.getBytes(StandardCharsets.ISO_8859_1);
            final byte[] wire = FuzzInputs.framedLines(lines);
            streams.add(wire);
            streams.addAll(mutations(wire));
            for (final String line : conversation.split("\n"))
            {
                messages.add(line.getBytes(StandardCharsets.ISO_8859_1));
            }
        }

        int n = 0;
        for (final byte[] stream : streams)
        {
            write(base.resolve("FramerFuzzTestInputs/frames"), n, concat(new byte[]{(byte)(n * 37), (byte)n}, stream));
            write(base.resolve("SessionFuzzTestInputs/converses"), n, concat(new byte[]{(byte)(n * 11), (byte)(n & 6)},
                stream));
            n++;
        }
        int m = 0;
        for (final String conversation : CONVERSATIONS)
        {
            final byte[] lines = conversation.getBytes(StandardCharsets.ISO_8859_1);
            for (int options = 1; options < 64; options += 17)
            {
                write(base.resolve("SessionFuzzTestInputs/converses"), n++,
                    concat(new byte[]{(byte)(m * 13 + options), (byte)options}, lines));
            }
            m++;
        }
        int k = 0;
        for (final byte[] line : messages)
        {
            write(base.resolve("DecoderFuzzTestInputs/decodes"), k, concat(new byte[]{(byte)(0x80 | k)}, line));
            write(base.resolve("ValidatorFuzzTestInputs/validates"), k, concat(new byte[]{(byte)(0x80 | k)}, line));
            k++;
        }
        for (final String value : List.of("-0", "00012", "9223372036854775807", "-9223372036854775808",
            "2147483648", "1.", ".5", "-.5", "1.23456789012345678901", "1e5", "20261302", "20240229",
            "20261202-23:59:60.123456789012", "20261202-24:00:00", "99991231-23:59:59.999", "00000101"))
        {
            final byte[] line = ("8=FIX.4.4|35=0|34=" + value + "|52=" + value + "|44=" + value + "|")
                .getBytes(StandardCharsets.ISO_8859_1);
            write(base.resolve("DecoderFuzzTestInputs/decodes"), k++, concat(new byte[]{(byte)(0x80 | k << 3)}, line));
        }
    }

    /** The ways a stream of messages gets damaged: each a separate seed. */
    static List<byte[]> mutations(final byte[] wire)
    {
        final String text = new String(wire, StandardCharsets.ISO_8859_1);
        final List<byte[]> out = new ArrayList<>();
        out.add(bytes(text.replaceFirst("\0019=([0-9]+)\001", "\0019=1$1\001"))); // BodyLength too long
        out.add(bytes(text.replaceFirst("\0019=([0-9]+)[0-9]\001", "\0019=$1\001"))); // too short
        out.add(bytes(text.replaceFirst("\00110=[0-9]{3}\001", "\00110=000\001"))); // wrong checksum
        out.add(bytes(text.replaceFirst("\0019=[0-9]+\001", "\0019=99999999\001"))); // too large
        out.add(bytes("garbage\001\001" + text.substring(0, text.length() / 2) + "8=FI" + text));
        out.add(bytes(text.replace("\00110=", "\001\00110=")));
        return out;
    }

    private static byte[] bytes(final String s)
    {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(final byte[] a, final byte[] b)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(a.length + b.length);
        out.write(a, 0, a.length);
        out.write(b, 0, b.length);
        return out.toByteArray();
    }

    private static void write(final Path directory, final int index, final byte[] bytes) throws IOException
    {
        Files.createDirectories(directory);
        Files.write(directory.resolve(String.format("seed-%03d", index)), bytes);
    }
}
