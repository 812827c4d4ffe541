/**
 * JSON trees read and written with Jackson's streaming parser and generator alone, shared by the tool
 * declarations (argument checking, structured results) and the MCP transport, so neither loads Jackson's data
 * binding on the request path.
 */
package dev.colony.tool.json;
