package dev.skills.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads an {@code eval_queries.json} file, the format of the Agent Skills guide
 * "Optimizing descriptions": {@code [{"query": "...", "should_trigger": true|false},
 * ...]}. Bounded: a file of at most {@value #MAX_BYTES} bytes and {@value #MAX_QUERIES}
 * queries.
 */
final class EvalQueries {

	/** The file name the command looks for in each skill folder. */
	static final String FILE_NAME = "eval_queries.json";

	static final int MAX_BYTES = 1024 * 1024;

	static final int MAX_QUERIES = 1000;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private EvalQueries() {
	}

	/**
	 * Read the queries of a file.
	 * @param file the file
	 * @param shown how to name the file in a message
	 * @return the queries, in file order
	 * @throws IllegalArgumentException with a message saying what is wrong
	 */
	static List<Query> read(Path file, String shown) {
		if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
			throw new IllegalArgumentException(shown + " is not a regular file");
		}
		JsonNode root;
		try {
			if (Files.size(file) > MAX_BYTES) {
				throw new IllegalArgumentException(shown + " is larger than " + MAX_BYTES + " bytes");
			}
			root = JSON.readTree(Files.readAllBytes(file));
		}
		catch (IOException ex) {
			throw new IllegalArgumentException(shown + " cannot be read: " + ex.getMessage());
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException(shown + " is not valid JSON: " + ex.getOriginalMessage());
		}
		if (!root.isArray()) {
			throw new IllegalArgumentException(
					shown + " must hold a JSON array of {\"query\": \"...\", \"should_trigger\": true|false}");
		}
		if (root.size() > MAX_QUERIES) {
			throw new IllegalArgumentException(shown + " holds more than " + MAX_QUERIES + " queries");
		}
		List<Query> queries = new ArrayList<>(root.size());
		for (int i = 0; i < root.size(); i++) {
			JsonNode entry = root.get(i);
			JsonNode query = entry.path("query");
			JsonNode trigger = entry.path("should_trigger");
			if (!query.isString() || query.asString().isBlank() || !trigger.isBoolean()) {
				throw new IllegalArgumentException(shown + ", entry " + (i + 1)
						+ ": needs a non-empty \"query\" string and a \"should_trigger\" boolean");
			}
			queries.add(new Query(query.asString(), trigger.asBoolean()));
		}
		return queries;
	}

	/**
	 * One query.
	 *
	 * @param query what a user might write
	 * @param shouldTrigger whether the skill should be used for it
	 */
	record Query(String query, boolean shouldTrigger) {
	}

}
