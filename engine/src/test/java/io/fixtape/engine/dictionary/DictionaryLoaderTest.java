package io.fixtape.engine.dictionary;

import io.fixtape.engine.codec.MsgTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import quickfix.DataDictionary;

import java.io.InputStream;
import java.util.Arrays;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every standard dictionary is compared, message by message, with QuickFIX/J's own {@link DataDictionary}
 * loaded from the same file: allowed fields, required fields, groups (delimiter, member order, nested groups),
 * header and trailer, field types and enums.
 */
class DictionaryLoaderTest
{
    @ParameterizedTest
    @ValueSource(strings = {
        "FIX40.xml", "FIX41.xml", "FIX42.xml", "FIX43.xml", "FIX44.xml", "FIX50.xml", "FIX50SP1.xml", "FIX50SP2.xml",
        "FIXT11.xml"})
    void matchesQuickFixJ(final String file) throws Exception
    {
        final long start = System.nanoTime();
        final Dictionary ours = Dictionaries.standardAsShipped(file);
        final long loadedNs = System.nanoTime() - start;
        final DataDictionary theirs;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(file))
        {
            theirs = new DataDictionary(in);
        }
        System.out.printf("%s: loaded in %.1f ms: %s%n", file, loadedNs / 1e6, ours);

        assertEquals(theirs.getVersion(), ours.version());
        final int[] allTags = theirs.getOrderedFields();
        assertEquals(allTags.length, ours.fieldCount());
        int requiredTotal = 0;
        for (final MessageDefinition message : ours.messages())
        {
            final String msgType = message.msgTypeString();
            assertTrue(theirs.isMsgType(msgType), msgType);
            assertEquals(theirs.isAdminMessage(msgType), message.isAdmin(), msgType);
            compareContainer(theirs, msgType, message, allTags, msgType);
            requiredTotal += message.requiredCount();
        }
        if (ours.header() != null)
        {
            compareContainer(theirs, DataDictionary.HEADER_ID, ours.header(), allTags, "header");
            compareContainer(theirs, DataDictionary.TRAILER_ID, ours.trailer(), allTags, "trailer");
        }
        else
        {
            assertFalse(theirs.isHeaderField(8));
        }
        assertTrue(requiredTotal > 0);

        for (final int tag : allTags)
        {
            final FieldDefinition field = ours.field(tag);
            assertNotNull(field, "tag " + tag);
            assertEquals(theirs.getFieldName(tag), field.name());
            assertEquals(theirs.hasFieldValue(tag), field.enumValues() != null, "enum " + tag);
        }
    }

    private static void compareContainer(
        final DataDictionary theirs, final String msgType, final ContainerDefinition ours, final int[] allTags, final String where)
    {
        final TreeSet<Integer> theirRequired = new TreeSet<>();
        final TreeSet<Integer> theirFields = new TreeSet<>();
        for (final int tag : allTags)
        {
            if (theirs.isRequiredField(msgType, tag))
            {
                theirRequired.add(tag);
            }
            if (theirs.isMsgField(msgType, tag))
            {
                theirFields.add(tag);
            }
            if (theirs.isGroup(msgType, tag))
            {
                final GroupDefinition group = ours.group(tag);
                assertNotNull(group, where + " group " + tag);
                compareGroup(theirs.getGroup(msgType, tag), msgType, group, allTags, where + "/" + tag);
            }
            else
            {
                assertNull(ours.group(tag), where + " group " + tag);
            }
        }
        assertEquals(theirRequired.toString(), Arrays.toString(ours.requiredTags()), where);
        final TreeSet<Integer> ourFields = new TreeSet<>();
        for (final int tag : ours.fields())
        {
            ourFields.add(tag);
        }
        assertEquals(theirFields, ourFields, where);
    }

    private static void compareGroup(
        final DataDictionary.GroupInfo theirs, final String msgType, final GroupDefinition ours, final int[] allTags, final String where)
    {
        assertEquals(theirs.getDelimiterField(), ours.delimiterTag(), where + " delimiter");
        final DataDictionary groupDictionary = theirs.getDataDictionary();
        assertArrayEquals(groupDictionary.getOrderedFields(), ours.fields(), where + " member order");
        final TreeSet<Integer> theirRequired = new TreeSet<>();
        for (final int tag : allTags)
        {
            if (groupDictionary.isRequiredField(msgType, tag))
            {
                theirRequired.add(tag);
            }
            if (groupDictionary.isGroup(msgType, tag))
            {
                assertNotNull(ours.group(tag), where + " nested " + tag);
                compareGroup(groupDictionary.getGroup(msgType, tag), msgType, ours.group(tag), allTags, where + "/" + tag);
            }
        }
        assertEquals(theirRequired.toString(), Arrays.toString(ours.requiredTags()), where + " required");
    }

    @Test
    void lookupsByPackedMsgTypeAndTag()
    {
        final Dictionary fix44 = Dictionaries.standard("FIX.4.4");
        final MessageDefinition order = fix44.message(MsgTypes.NEW_ORDER_SINGLE);
        assertEquals("NewOrderSingle", order.name());
        assertTrue(order.isRequired(11));
        assertTrue(order.isRequired(55));
        assertTrue(order.hasField(453));
        final GroupDefinition parties = order.group(453);
        assertEquals(448, parties.delimiterTag());
        assertEquals(523, parties.group(802).delimiterTag());
        assertEquals(FieldType.PRICE, fix44.field(44).type());
        assertTrue(fix44.header().isRequired(52));
        assertTrue(fix44.trailer().isRequired(10));
        assertSame(fix44, Dictionaries.standard("FIX44"));
    }

    @Test
    void errataDropExecTypeFillInFix44Only()
    {
        assertFalse(Dictionaries.standard("FIX.4.4").field(150).enumValues().contains("2"));
        assertTrue(Dictionaries.standard("FIX.4.4").field(150).enumValues().contains("F"));
        assertTrue(Dictionaries.standardAsShipped("FIX.4.4").field(150).enumValues().contains("2"));
        assertTrue(Dictionaries.standard("FIX.4.2").field(150).enumValues().contains("2"));
    }

    @Test
    void fixtComposition()
    {
        final SessionDictionary session = Dictionaries.forSession("FIXT.1.1", "FIX.5.0SP2");
        assertEquals("FIXT.1.1", session.transport().version());
        assertEquals("9", "" + session.defaultApplVerId());
        assertNotNull(session.defaultApplication().message("D"));
        assertNull(session.defaultApplication().header());
        assertNotNull(session.transport().message("A"));
        assertSame(session.defaultApplication(), Dictionaries.forSession("FIXT.1.1", "9").defaultApplication());
        assertEquals("FIX.5.0", Dictionaries.forSession("FIXT.1.1", "7").defaultApplication().version());
        final SessionDictionary fix42 = Dictionaries.forSession("FIX.4.2", null);
        assertSame(fix42.transport(), fix42.defaultApplication());
    }

    @Test
    void badInputNamesTheProblem()
    {
        final DictionaryException unknown = assertThrows(DictionaryException.class, () -> Dictionaries.standard("FIX.9.9"));
        assertTrue(unknown.getMessage().contains("FIX.9.9"));
        final String xml = "<fix major='4' minor='4'><fields><field number='1' name='A' type='STRING'/></fields>" +
            "<header><field name='B' required='Y'/></header><trailer/><messages/></fix>";
        final DictionaryException broken = assertThrows(DictionaryException.class,
            () -> DictionaryLoader.load(new java.io.ByteArrayInputStream(xml.getBytes()), "inline"));
        assertTrue(broken.getMessage().contains("field B not defined"), broken.getMessage());
    }

    @Test
    void userDictionaryFromFileWithCustomMessageAndField(@org.junit.jupiter.api.io.TempDir final java.nio.file.Path dir)
        throws Exception
    {
        final String xml = "<fix major='4' minor='4'>" +
            "<header><field name='BeginString' required='Y'/><field name='BodyLength' required='Y'/>" +
            "<field name='MsgType' required='Y'/></header>" +
            "<trailer><field name='CheckSum' required='Y'/></trailer>" +
            "<messages><message name='Quote2' msgtype='U12' msgcat='app'>" +
            "<field name='Venue' required='Y'/><component name='Legs' required='N'/></message></messages>" +
            "<components><component name='Legs'><group name='NoLegs2' required='N'>" +
            "<field name='LegPx' required='Y'/><field name='Venue' required='N'/></group></component></components>" +
            "<fields><field number='8' name='BeginString' type='STRING'/><field number='9' name='BodyLength' type='LENGTH'/>" +
            "<field number='35' name='MsgType' type='STRING'/><field number='10' name='CheckSum' type='STRING'/>" +
            "<field number='5001' name='Venue' type='STRING'><value enum='XLON'/><value enum='LONGVENUE1'/></field>" +
            "<field number='5002' name='NoLegs2' type='NUMINGROUP'/><field number='5003' name='LegPx' type='PRICE'/>" +
            "</fields></fix>";
        final java.nio.file.Path file = dir.resolve("custom.xml");
        java.nio.file.Files.writeString(file, xml);
        final Dictionary custom = Dictionaries.load(file);
        assertSame(custom.message(MsgTypes.pack("U12")), custom.message("U12"));
        final MessageDefinition quote = custom.message("U12");
        assertEquals("Quote2", quote.name());
        assertArrayEquals(new int[] {5001}, quote.requiredTags());
        assertEquals(5003, quote.group(5002).delimiterTag());
        assertTrue(custom.field(5001).enumValues().contains("LONGVENUE1"));
        assertFalse(custom.field(5001).enumValues().contains("LONGVENUE2"));
        assertEquals(custom.version(), Dictionaries.load(file.toString()).version());
        assertEquals("FIX.4.2", Dictionaries.load("FIX42.xml").version());
    }

    private static void assertSame(final Object expected, final Object actual)
    {
        org.junit.jupiter.api.Assertions.assertSame(expected, actual);
    }
}
