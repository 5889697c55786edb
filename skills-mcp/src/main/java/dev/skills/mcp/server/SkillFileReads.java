package dev.skills.mcp.server;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsSnapshot;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Reads skill files for MCP through the registry's guarded read, the one that
 * {@code read_skill_resource} uses: the same path checks (no {@code ..}, no absolute
 * paths, no hidden files, no links leaving the folder), the same size limit, no blocking
 * on FIFOs. A refused read becomes an {@link McpError} with the registry's message, which
 * names the skill and the path asked for, never a server path.
 */
final class SkillFileReads {

	private static final Log logger = LogFactory.getLog(SkillFileReads.class);

	private final Supplier<SkillsSnapshot> current;

	SkillFileReads(Supplier<SkillsSnapshot> current) {
		this.current = current;
	}

	/**
	 * The files a skill serves: its {@code SKILL.md}, then every bundled file the
	 * registry lists. A file that cannot be read now is left out; the others are served.
	 * @param snapshot the snapshot to read
	 * @param skill the skill
	 * @return the files, each with the size and digest of its text
	 */
	List<ServedFile> files(SkillsSnapshot snapshot, SkillMeta skill) {
		String name = skill.name();
		List<String> paths = snapshot.files(name);
		List<ServedFile> files = new ArrayList<>(paths.size() + 1);
		add(files, snapshot, SkillUris.skillFile(name), name, skillFileName(skill));
		for (String path : paths) {
			add(files, snapshot, SkillUris.file(name, path), name, path);
		}
		return files;
	}

	/**
	 * Read a served file again, as it is now.
	 * @param file the file as listed
	 * @return the read, with the size and digest of the text it returns
	 * @throws McpError when the registry refuses the read
	 */
	Read read(ServedFile file) {
		String text;
		try {
			text = text(file);
		}
		catch (SkillResourceException ex) {
			throw error(ex);
		}
		ServedFile now = ServedFile.of(file.uri(), file.skill(), file.path(), text);
		McpSchema.ReadResourceResult result = new McpSchema.ReadResourceResult(
				List.of(new McpSchema.TextResourceContents(file.uri(), file.mimeType(), text, now.meta())));
		return new Read(result, now);
	}

	/**
	 * The text of a served file as it is now.
	 * @param file the file as listed
	 * @return its text, as the model sees it
	 * @throws SkillResourceException when the registry refuses the read
	 */
	String text(ServedFile file) {
		return this.current.get().readFile(file.skill(), file.path());
	}

	private void add(List<ServedFile> files, SkillsSnapshot snapshot, String uri, String skill, String path) {
		try {
			files.add(ServedFile.of(uri, skill, path, snapshot.readFile(skill, path)));
		}
		catch (SkillResourceException ex) {
			logger.debug("Not serving " + uri + ": " + ex.getMessage());
		}
	}

	// SKILL.md is served under its standard name whatever its case on disk.
	private static String skillFileName(SkillMeta skill) {
		String location = skill.location();
		int cut = Math.max(location.lastIndexOf('/'), location.lastIndexOf('\\'));
		return location.substring(cut + 1);
	}

	static McpError error(SkillResourceException ex) {
		int code = switch (ex.getReason()) {
			case UNKNOWN_SKILL, NOT_FOUND -> McpSchema.ErrorCodes.RESOURCE_NOT_FOUND;
			case REJECTED -> McpSchema.ErrorCodes.INVALID_PARAMS;
			case UNREADABLE -> McpSchema.ErrorCodes.INTERNAL_ERROR;
		};
		return McpError.builder(code).message(ex.getMessage()).build();
	}

	/**
	 * One read.
	 *
	 * @param result what the client gets
	 * @param file the file as read now: a digest that differs from the listed one means
	 * the file changed since it was listed
	 */
	record Read(McpSchema.ReadResourceResult result, ServedFile file) {

	}

}
