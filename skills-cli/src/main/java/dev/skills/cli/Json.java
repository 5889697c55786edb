package dev.skills.cli;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes command output as indented JSON.
 */
final class Json {

	private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private Json() {
	}

	static String write(Object value) {
		return MAPPER.writeValueAsString(value);
	}

}
