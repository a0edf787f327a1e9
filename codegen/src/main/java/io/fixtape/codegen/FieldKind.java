package io.fixtape.codegen;

import io.fixtape.engine.dictionary.FieldType;

/**
 * How a field's value is read and written in generated code, by its dictionary type: exact decimals for every
 * numeric type with a fraction, epoch nanoseconds for UTCTimestamp, epoch days for dates, views over the buffer
 * for text. No kind uses {@code double}.
 */
enum FieldKind
{
    /** INT, LENGTH, NUMINGROUP, TAGNUM, DAYOFMONTH: {@code int}. */
    INT,
    /** SEQNUM: {@code long}. */
    LONG,
    /** CHAR: {@code char}. */
    CHAR,
    /** BOOLEAN: {@code Y}/{@code N} as {@code boolean}. */
    BOOLEAN,
    /** FLOAT, PRICE, QTY, AMT, PRICEOFFSET, PERCENTAGE: {@code Decimal} (mantissa and scale). */
    DECIMAL,
    /** UTCTIMESTAMP (and FIX 4.0/4.1 TIME): epoch nanoseconds in a {@code long}. */
    TIMESTAMP,
    /** UTCDATEONLY, UTCDATE, LOCALMKTDATE, DATE: days since 1970-01-01 in an {@code int}. */
    DATE,
    /** DATA, XMLDATA: bytes (also readable as text). */
    DATA,
    /** Everything else (STRING, MULTIPLE*VALUE, CURRENCY, EXCHANGE, MONTHYEAR, UTCTIMEONLY, TZ*, …): text. */
    STRING;

    static FieldKind of(final FieldType type)
    {
        switch (type)
        {
            case INT:
            case LENGTH:
            case NUMINGROUP:
            case TAGNUM:
            case DAYOFMONTH:
                return INT;
            case SEQNUM:
                return LONG;
            case CHAR:
                return CHAR;
            case BOOLEAN:
                return BOOLEAN;
            case FLOAT:
            case PRICE:
            case QTY:
            case AMT:
            case PRICEOFFSET:
            case PERCENTAGE:
                return DECIMAL;
            case UTCTIMESTAMP:
            case TIME:
                return TIMESTAMP;
            case UTCDATEONLY:
            case UTCDATE:
            case LOCALMKTDATE:
            case DATE:
                return DATE;
            case DATA:
            case XMLDATA:
                return DATA;
            default:
                return STRING;
        }
    }
}
