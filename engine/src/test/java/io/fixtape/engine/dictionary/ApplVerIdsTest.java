package io.fixtape.engine.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fixtape.engine.session.SessionConfig;
import org.junit.jupiter.api.Test;
import quickfix.MessageUtils;
import quickfix.field.ApplVerID;

class ApplVerIdsTest
{
    @Test
    void valuesNameTheVersionsTheFixSpecificationEnumerates()
    {
        assertEquals("FIX.2.7", ApplVerIds.versionOf(ApplVerID.FIX27.charAt(0)));
        assertEquals("FIX.3.0", ApplVerIds.versionOf(ApplVerID.FIX30.charAt(0)));
        assertEquals("FIX.4.0", ApplVerIds.versionOf(ApplVerID.FIX40.charAt(0)));
        assertEquals("FIX.4.1", ApplVerIds.versionOf(ApplVerID.FIX41.charAt(0)));
        assertEquals("FIX.4.2", ApplVerIds.versionOf(ApplVerID.FIX42.charAt(0)));
        assertEquals("FIX.4.3", ApplVerIds.versionOf(ApplVerID.FIX43.charAt(0)));
        assertEquals("FIX.4.4", ApplVerIds.versionOf(ApplVerID.FIX44.charAt(0)));
        assertEquals("FIX.5.0", ApplVerIds.versionOf(ApplVerID.FIX50.charAt(0)));
        assertEquals("FIX.5.0SP1", ApplVerIds.versionOf(ApplVerID.FIX50SP1.charAt(0)));
        assertEquals("FIX.5.0SP2", ApplVerIds.versionOf(ApplVerID.FIX50SP2.charAt(0)));
    }

    @Test
    void agreesWithQuickFixJWhereItMapsVersions()
    {
        // QuickFIX/J maps FIX.4.0 to FIX.5.0SP2 in both directions (it has no FIX.2.7 and FIX.3.0 dictionaries)
        for (char value = '2'; value <= '9'; value++)
        {
            final String version = ApplVerIds.versionOf(value);
            assertEquals(MessageUtils.toBeginString(new ApplVerID(String.valueOf(value))), version);
            assertEquals(String.valueOf(value), MessageUtils.toApplVerID(version).getValue());
            assertEquals(value, ApplVerIds.valueOf(version));
            assertEquals(value, ApplVerIds.toApplVerId(String.valueOf(value)));
        }
    }

    @Test
    void acceptsValuesAndExactNamesOnly()
    {
        assertEquals('0', ApplVerIds.valueOf("0"));
        assertEquals('1', ApplVerIds.valueOf("FIX.3.0"));
        assertEquals('9', ApplVerIds.valueOf("FIX.5.0SP2"));
        assertEquals(ApplVerIds.NONE, ApplVerIds.valueOf("fix.5.0sp2"));
        assertEquals(ApplVerIds.NONE, ApplVerIds.valueOf("10"));
        assertEquals(ApplVerIds.NONE, ApplVerIds.valueOf("FIXT.1.1"));
        assertEquals(ApplVerIds.NONE, ApplVerIds.valueOf(null));
        assertTrue(ApplVerIds.isValue('0'));
        assertFalse(ApplVerIds.isValue('A'));
        assertNull(ApplVerIds.versionOf('A'));
        final DictionaryException unknown = assertThrows(DictionaryException.class, () -> ApplVerIds.beginStringFor("FIX.6"));
        assertTrue(unknown.getMessage().contains("FIX.6"), unknown.getMessage());
    }

    @Test
    void sessionSettingsUseTheSameTable()
    {
        for (char value = '0'; value <= '9'; value++)
        {
            final String version = ApplVerIds.versionOf(value);
            assertEquals(String.valueOf(value), SessionConfig.applVerIdValue(version));
            assertEquals(String.valueOf(value), SessionConfig.applVerIdValue(String.valueOf(value)));
        }
        assertNull(SessionConfig.applVerIdValue("FIX.5.0SP3"));
        assertNull(SessionConfig.applVerIdValue(null));
    }
}
