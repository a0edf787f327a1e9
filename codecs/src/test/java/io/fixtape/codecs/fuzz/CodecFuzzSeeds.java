package io.fixtape.codecs.fuzz;

import io.fixtape.engine.fuzz.FuzzSeeds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the seed inputs of {@link CodecFuzzTest} into {@code src/test/resources}: messages with components and
 * (nested) repeating groups, and the same with wrong NumInGroup counts, groups cut short, members out of order and
 * huge or non-numeric counts. Run from the module directory with the test classpath:
 * {@code java -cp <test classpath> io.fixtape.codecs.fuzz.CodecFuzzSeeds src/test/resources}.
 */
public final class CodecFuzzSeeds
{
    private static final String H = "34=3|49=TW|52=" + FuzzSeeds.TIME + "|56=ISLD|";

    /** Messages in "lines" form with the decoder (index into CodecFuzzTest's list) that reads them. */
    public static final List<String> MESSAGES = List.of(
        "8=FIX.4.4|35=D|" + H + "11=ORD-1|453=2|448=DESK|447=D|452=24|802=1|523=S|803=1|448=TRADER|447=D|" +
            "452=11|55=IBM|167=CS|54=1|60=" + FuzzSeeds.TIME + "|38=100|40=2|44=12.50|59=0|78=2|79=A|80=10|79=B|80=90|",
        "8=FIX.4.4|35=8|" + H + "37=O|11=C|17=E|150=F|39=2|55=IBM|54=1|38=100|32=100|31=12.5|151=0|14=100|6=12.5|" +
            "453=1|448=P|447=D|452=1|382=1|375=X|337=Y|",
        "8=FIX.4.4|35=W|" + H + "262=R|55=IBM|268=3|269=0|270=12.5|271=100|269=1|270=12.6|271=200|269=2|270=12.55|",
        "8=FIX.4.4|35=J|" + H + "70=A|71=0|626=1|857=0|54=1|55=IBM|53=100|6=12.5|75=20261202|" +
            "73=1|11=C|78=2|79=A|80=50|79=B|80=50|",
        "8=FIX.4.4|35=0|" + H + "115=ON|128=DE|627=2|628=H1|629=" + FuzzSeeds.TIME + "|630=1|628=H2|",
        "8=FIX.4.2|35=D|" + H + "11=ORD-1|21=1|55=IBM|54=1|60=" + FuzzSeeds.TIME + "|38=100|40=2|44=12.50|59=0|",
        "8=FIX.4.2|35=8|" + H + "37=O|17=E|20=0|150=1|39=1|55=IBM|54=1|38=100|32=40|31=12.5|151=60|14=40|6=12.5|",
        "8=FIXT.1.1|35=8|" + H + "1128=9|37=O|17=E|150=F|39=2|55=IBM|54=1|151=0|14=100|6=12.5|" +
            "555=2|600=A|624=1|600=B|624=2|",
        "8=FIXT.1.1|35=D|" + H + "11=C|453=1|448=P|447=D|452=1|55=IBM|54=1|60=" + FuzzSeeds.TIME + "|38=1|40=1|",
        "8=FIXT.1.1|35=A|" + H + "98=0|108=30|1137=9|1409=0|384=2|372=D|385=R|372=8|385=S|",
        "8=FIXT.1.1|35=0|" + H + "1128=9|627=1|628=H|");

    private CodecFuzzSeeds()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        final Path directory = Path.of(args.length > 0 ? args[0] : "src/test/resources")
            .resolve("io/fixtape/codecs/fuzz/CodecFuzzTestInputs/decodes");
        Files.createDirectories(directory);
        int n = 0;
        for (int decoder = 0; decoder < MESSAGES.size(); decoder++)
        {
            final String message = MESSAGES.get(decoder);
            final List<String> variants = List.of(message,
                message.replaceFirst("\\|(453|268|78|555|627|384)=[0-9]+\\|", "|$1=5|"),
                message.replaceFirst("\\|(453|268|78|555|627|384)=[0-9]+\\|", "|$1=0|"),
                message.replaceFirst("\\|(453|268|78|555|627|384)=[0-9]+\\|", "|$1=99999999999|"),
                message.replaceFirst("\\|(453|268|78|555|627|384)=[0-9]+\\|", "|$1=x|"),
                message.replaceFirst("\\|(448|269|79|600|628|372)=", "|999="),
                message.replaceFirst("\\|(452|270|80|624|629|385)=([^|]*)\\|", "|$1=$2|$1=$2|"));
            for (final String variant : variants)
            {
                final byte[] lines = variant.getBytes(StandardCharsets.ISO_8859_1);
                final byte[] data = new byte[lines.length + 1];
                data[0] = (byte)(0x80 | decoder);
                System.arraycopy(lines, 0, data, 1, lines.length);
                Files.write(directory.resolve(String.format("seed-%03d", n++)), data);
            }
        }
    }
}
