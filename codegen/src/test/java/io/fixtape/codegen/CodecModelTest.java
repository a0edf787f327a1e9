package io.fixtape.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the generator makes of real and broken dictionaries. */
class CodecModelTest
{
    /** The codecs module generates and compiles FIX42, FIX44, FIX50SP2 and FIXT11; these are the others. */
    @Test
    void everyOtherStandardDictionaryGenerates()
    {
        for (final String version : new String[] {"FIX40", "FIX41", "FIX43", "FIX50", "FIX50SP1"})
        {
            final Map<String, String> sources = new CodecGenerator()
                .dictionary(DictionarySource.standard(version)).packageName("p." + version.toLowerCase()).sources();
            assertTrue(sources.containsKey("MessageDispatcher"), version);
            assertTrue(sources.size() > 20, version + ": " + sources.size());
        }
    }

    @Test
    void standardDictionariesKeepTheEnginesErrata()
    {
        final String fix44 = new CodecGenerator().dictionary(DictionarySource.standard("FIX.4.4"))
            .packageName("p").sources().get("ExecType");
        final String fix42 = new CodecGenerator().dictionary(DictionarySource.standard("FIX.4.2"))
            .packageName("p").sources().get("ExecType");
        assertFalse(fix44.contains("PARTIAL_FILL("), "FIX 4.4 replaced ExecType 1 and 2 by F");
        assertTrue(fix44.contains("TRADE('F')"));
        assertTrue(fix42.contains("PARTIAL_FILL('1')"));
    }

    @Test
    void fixtAndFix50SplitSessionAndApplicationMessages()
    {
        final Map<String, String> fixt = new CodecGenerator().dictionary(DictionarySource.standard("FIXT11"))
            .packageName("p").sources();
        final Map<String, String> fix50 = new CodecGenerator().dictionary(DictionarySource.standard("FIX50SP2"))
            .packageName("p").sources();
        assertTrue(fixt.containsKey("LogonDecoder"));
        assertTrue(fixt.containsKey("HeaderDecoder"));
        assertFalse(fixt.containsKey("NewOrderSingleDecoder"));
        assertTrue(fix50.containsKey("NewOrderSingleDecoder"));
        assertFalse(fix50.containsKey("HeaderDecoder"), "FIX 5.0 application dictionaries have no header");
        assertFalse(fix50.containsKey("LogonDecoder"));
    }

    @Test
    void groupLayoutsAreSharedOrNamedAfterTheirOwner()
    {
        final Map<String, String> sources = new CodecGenerator()
            .dictionary(DictionarySource.file(GoldenFilesTest.SAMPLE)).packageName("p").sources();
        assertTrue(sources.containsKey("NoPartyIDsGroupDecoder"), "one layout: one class named after the group");
        assertTrue(sources.containsKey("NoAllocsGroupDecoder"), "two layouts, one use each: the first is plain");
        assertTrue(sources.containsKey("ExecutionReportNoAllocsGroupEncoder"), "the other is named after its owner");
        assertFalse(sources.containsKey("NewOrderSingleNoAllocsGroupDecoder"));

        final Map<String, String> fix44 = new CodecGenerator().dictionary(DictionarySource.standard("FIX44"))
            .packageName("p").sources();
        assertTrue(fix44.containsKey("NoUnderlyingsGroupDecoder"), "the layout most messages use");
        assertTrue(fix44.get("NewOrderSingleDecoder").contains("NoUnderlyingsGroupDecoder noUnderlyings()"));
    }

    @Test
    void requiredChecksCanBeLeftOut()
    {
        final Map<String, String> sources = new CodecGenerator()
            .dictionary(DictionarySource.file(GoldenFilesTest.SAMPLE)).packageName("p").requiredChecks(false).sources();
        final String encoder = sources.get("ExecutionReportEncoder");
        assertFalse(encoder.contains("present0"));
        assertFalse(encoder.contains("return 17;"));
        assertTrue(sources.get("NoPartyIDsGroupEncoder").contains("super(453, 448, false)"));
        assertEquals(sources.get("ExecutionReportDecoder"), new CodecGenerator()
            .dictionary(DictionarySource.file(GoldenFilesTest.SAMPLE)).packageName("p").sources()
            .get("ExecutionReportDecoder"), "decoders do not depend on the option");
    }

    @Test
    void brokenDictionariesAreReportedByName(@TempDir final Path directory) throws IOException
    {
        final String sample = Files.readString(GoldenFilesTest.SAMPLE);
        final Path unknownComponent = directory.resolve("BROKEN.xml");
        Files.writeString(unknownComponent, sample.replace("<component name=\"Instrument\" required=\"Y\"/>",
            "<component name=\"Nowhere\" required=\"Y\"/>"));
        final GeneratorException error = assertThrows(GeneratorException.class, () -> DictionarySource.file(unknownComponent));
        assertTrue(error.getMessage().contains("Nowhere"), error.getMessage());

        assertThrows(GeneratorException.class, () -> DictionarySource.standard("FIX99"));
        assertThrows(GeneratorException.class, () -> new CodecGenerator()
            .dictionary(DictionarySource.file(GoldenFilesTest.SAMPLE)).packageName("not a package").sources());
    }

    @Test
    void twoFieldsWithOneJavaNameAreRefused(@TempDir final Path directory) throws IOException
    {
        final Path clash = directory.resolve("CLASH.xml");
        Files.writeString(clash, Files.readString(GoldenFilesTest.SAMPLE)
            .replace("<field name=\"Account\" required=\"N\"/>", "<field name=\"Account\" required=\"N\"/>" +
                "<field name=\"HasAccount\" required=\"N\"/>")
            .replace("<field number=\"1\" name=\"Account\" type=\"STRING\"/>",
                "<field number=\"1\" name=\"Account\" type=\"STRING\"/><field number=\"5001\" name=\"HasAccount\" " +
                    "type=\"BOOLEAN\"/>"));
        final GeneratorException error = assertThrows(GeneratorException.class, () -> new CodecGenerator()
            .dictionary(DictionarySource.file(clash)).packageName("p").sources());
        assertTrue(error.getMessage().contains("hasAccount"), error.getMessage());
    }
}
