package io.fixtape.engine.dictionary;

/**
 * FIX data types as named in QuickFIX-format dictionaries. {@link #fromName} maps every name used by the
 * standard dictionaries (FIX 4.0 to 5.0 SP2, FIXT 1.1); an unknown name becomes {@link #STRING}, the way
 * QuickFIX/J treats types it does not check.
 *
 * <p>Immutable, thread-safe.
 */
public enum FieldType
{
    STRING, CHAR, INT, LENGTH, SEQNUM, NUMINGROUP, TAGNUM, DAYOFMONTH,
    FLOAT, PRICE, QTY, AMT, PRICEOFFSET, PERCENTAGE,
    BOOLEAN, MULTIPLEVALUESTRING, MULTIPLESTRINGVALUE, MULTIPLECHARVALUE,
    CURRENCY, EXCHANGE, COUNTRY, LANGUAGE,
    UTCTIMESTAMP, UTCTIMEONLY, UTCDATEONLY, LOCALMKTDATE, MONTHYEAR, TZTIMEONLY, TZTIMESTAMP,
    DATA, XMLDATA,
    /** FIX 4.0/4.1 "TIME": a UTC timestamp. */
    TIME,
    /** FIX 4.0 "DATE" and FIX 4.2 "UTCDATE": a date, checked like UTCDATEONLY. */
    UTCDATE,
    DATE;

    public static FieldType fromName(final String name)
    {
        switch (name.toUpperCase(java.util.Locale.ROOT))
        {
            case "CHAR": return CHAR;
            case "INT": return INT;
            case "LENGTH": return LENGTH;
            case "SEQNUM": return SEQNUM;
            case "NUMINGROUP": return NUMINGROUP;
            case "TAGNUM": return TAGNUM;
            case "DAYOFMONTH": return DAYOFMONTH;
            case "FLOAT": return FLOAT;
            case "PRICE": return PRICE;
            case "QTY": return QTY;
            case "AMT": return AMT;
            case "PRICEOFFSET": return PRICEOFFSET;
            case "PERCENTAGE": return PERCENTAGE;
            case "BOOLEAN": return BOOLEAN;
            case "MULTIPLEVALUESTRING": return MULTIPLEVALUESTRING;
            case "MULTIPLESTRINGVALUE": return MULTIPLESTRINGVALUE;
            case "MULTIPLECHARVALUE": return MULTIPLECHARVALUE;
            case "CURRENCY": return CURRENCY;
            case "EXCHANGE": return EXCHANGE;
            case "COUNTRY": return COUNTRY;
            case "LANGUAGE": return LANGUAGE;
            case "UTCTIMESTAMP": return UTCTIMESTAMP;
            case "UTCTIMEONLY": return UTCTIMEONLY;
            case "UTCDATEONLY": return UTCDATEONLY;
            case "UTCDATE": return UTCDATE;
            case "LOCALMKTDATE": return LOCALMKTDATE;
            case "MONTHYEAR": return MONTHYEAR;
            case "TZTIMEONLY": return TZTIMEONLY;
            case "TZTIMESTAMP": return TZTIMESTAMP;
            case "DATA": return DATA;
            case "XMLDATA": return XMLDATA;
            case "TIME": return TIME;
            case "DATE": return DATE;
            default: return STRING;
        }
    }

    /** Values are space-separated lists whose every element must be an enum value. */
    public boolean isMultipleValue()
    {
        return this == MULTIPLEVALUESTRING || this == MULTIPLESTRINGVALUE || this == MULTIPLECHARVALUE;
    }
}
