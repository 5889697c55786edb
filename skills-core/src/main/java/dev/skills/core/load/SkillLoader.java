package dev.skills.core.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.skills.core.InvalidSkillException;
import dev.skills.core.Skill;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillNotFoundException;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.files.SkillFolders;
import dev.skills.core.internal.parse.Frontmatter;
import dev.skills.core.internal.parse.FrontmatterException;
import dev.skills.core.internal.parse.FrontmatterParser;
import dev.skills.core.internal.parse.ReadPolicy;
import org.jspecify.annotations.Nullable;

/**
 * Reads skills leniently, as a client should: a skill loads whenever its intent is clear,
 * and every deviation from the specification becomes a diagnostic rather than a failure.
 * A skill is skipped only when its frontmatter cannot be read even after repair, it has
 * no description, or its name holds white space or a path separator. The registry reads
 * every skill through this class, and so can an application or a tool.
 */
public final class SkillLoader {

	private SkillLoader() {
	}

	/**
	 * Find the skill file of a folder: {@code SKILL.md}, else {@code skill.md}.
	 * @param directory the folder
	 * @return the file, or {@code null} when the folder holds neither
	 */
	public static @Nullable Path findSkillFile(Path directory) {
		SkillFiles.SkillFile found = SkillFiles.find(directory);
		return (found != null) ? found.path() : null;
	}

	/**
	 * Whether a file name is a skill file: {@code SKILL.md}, or {@code skill.md}.
	 * @param fileName a single path segment
	 * @return {@code true} for either spelling
	 */
	public static boolean isSkillFileName(String fileName) {
		return SkillFiles.isSkillFileName(fileName);
	}

	/**
	 * Find the skill folders below a folder of skills, as discovery does, with the
	 * default limits.
	 * @param location a folder of skills, or one skill folder
	 * @return the skill folders, in discovery order
	 */
	public static List<Path> findSkillFolders(Path location) {
		return SkillFolders.find(location).skillDirectories();
	}

	/**
	 * Load one skill with its body and bundled files.
	 * @param path a skill folder or its {@code SKILL.md}
	 * @return the skill
	 * @throws SkillNotFoundException when there is no {@code SKILL.md}
	 * @throws InvalidSkillException when the skill cannot be loaded even leniently
	 */
	public static Skill load(Path path) {
		return load(path, ReadPolicy.CATALOG, (warning) -> {
		});
	}

	/**
	 * Load one skill that code attaches to a call, as forgivingly as teff's
	 * {@code load_skill}: the caller chose the file, so a {@code SKILL.md} without
	 * frontmatter or whose frontmatter is not a mapping (named after its folder, with an
	 * empty description), with a missing or empty description, or with white space in its
	 * name still loads, and each gap is reported as a warning. The registry's rules stay
	 * stricter.
	 * @param path a skill folder or its {@code SKILL.md}
	 * @param warnings receives every warning about the skill
	 * @return the skill
	 * @throws SkillNotFoundException when there is no {@code SKILL.md}
	 * @throws InvalidSkillException when the frontmatter cannot be read or the name is
	 * unusable (a path separator or a control character)
	 */
	public static Skill loadAttached(Path path, Consumer<SkillDiagnostic> warnings) {
		return load(path, ReadPolicy.ATTACHED, warnings);
	}

	private static Skill load(Path path, ReadPolicy policy, Consumer<SkillDiagnostic> warnings) {
		Path skillFile = skillFileOf(path);
		Path directory = directoryOf(skillFile);
		String location = skillFile.toString();
		String body = "";
		SkillReadResult result;
		try {
			Frontmatter frontmatter = FrontmatterParser.parse(readString(skillFile), policy);
			body = frontmatter.body();
			result = MetaReader.read(frontmatter, location, directory.toString(),
					String.valueOf(directory.getFileName()), policy);
		}
		catch (FrontmatterException ex) {
			result = skipped(location, ex.getMessage());
		}
		result = lowercaseWarned(result, location);
		result.diagnostics().stream().filter((diagnostic) -> !diagnostic.isError()).forEach(warnings);
		if (result.meta() == null) {
			throw new InvalidSkillException(result.diagnostics());
		}
		return new Skill(result.meta(), body, SkillFiles.list(directory).files());
	}

	/**
	 * Read the frontmatter fields of a skill file as written, after the lenient repair,
	 * without the skill rules: for tools that show what a file says.
	 * @param skillFile the {@code SKILL.md}
	 * @return the fields in file order; values are text, lists and maps of text
	 * @throws InvalidSkillException when the frontmatter cannot be read
	 * @throws UncheckedIOException when the file cannot be read
	 */
	public static Map<String, Object> readFields(Path skillFile) {
		try {
			return FrontmatterParser.parse(readString(skillFile), ReadPolicy.CATALOG).fields();
		}
		catch (FrontmatterException ex) {
			throw new InvalidSkillException(
					List.of(SkillDiagnostic.error(skillFile.toString(), null, ex.getMessage())));
		}
	}

	/**
	 * Read the frontmatter of a skill file on disk (the body is not read).
	 * @param skillFile the {@code SKILL.md}
	 * @return the skill or why it was skipped
	 */
	public static SkillReadResult readMeta(Path skillFile) {
		Path directory = directoryOf(skillFile);
		try (InputStream in = Files.newInputStream(skillFile)) {
			return readMeta(in, skillFile.toString(), directory.toString(), String.valueOf(directory.getFileName()));
		}
		catch (IOException ex) {
			return skipped(skillFile.toString(), "Cannot read SKILL.md: " + ex.getMessage());
		}
	}

	/**
	 * Read the frontmatter of a skill from the bytes of its {@code SKILL.md}, reading no
	 * further than the frontmatter: the way discovery reads every skill.
	 * @param in the {@code SKILL.md} bytes; not closed
	 * @param location where the file is, for diagnostics and {@link SkillMeta#location()}
	 * @param baseDirectory the skill folder, for {@link SkillMeta#baseDirectory()}
	 * @param directoryName the skill folder's name: the default name, and the name it
	 * must match
	 * @return the skill or why it was skipped
	 */
	public static SkillReadResult readMeta(InputStream in, String location, String baseDirectory,
			String directoryName) {
		SkillReadResult result;
		try {
			result = MetaReader.read(FrontmatterParser.readFrontmatter(in), location, baseDirectory, directoryName,
					ReadPolicy.CATALOG);
		}
		catch (FrontmatterException | UncheckedIOException ex) {
			String message = (ex instanceof FrontmatterException) ? ex.getMessage()
					: "Cannot read SKILL.md: " + ex.getMessage();
			result = skipped(location, message);
		}
		return lowercaseWarned(result, location);
	}

	private static SkillReadResult skipped(String location, String message) {
		return new SkillReadResult(null, List.of(SkillDiagnostic.error(location, null, message)));
	}

	// A lower-case skill.md is warned about first.
	private static SkillReadResult lowercaseWarned(SkillReadResult result, String location) {
		int nameStart = location.length() - SkillFiles.LOWERCASE_SKILL_FILE.length();
		if (!location.endsWith(SkillFiles.LOWERCASE_SKILL_FILE)
				|| (nameStart > 0 && "/\\".indexOf(location.charAt(nameStart - 1)) < 0)) {
			return result;
		}
		List<SkillDiagnostic> diagnostics = new ArrayList<>(result.diagnostics());
		diagnostics.add(0, SkillDiagnostic.warning(location, (result.meta() != null) ? result.meta().name() : null,
				SkillFiles.LOWERCASE_WARNING));
		return new SkillReadResult(result.meta(), diagnostics);
	}

	private static Path skillFileOf(Path path) {
		Path skillFile = Files.isDirectory(path) ? findSkillFile(path) : path;
		if (skillFile == null || !Files.isRegularFile(skillFile)) {
			throw new SkillNotFoundException(path);
		}
		return skillFile;
	}

	private static Path directoryOf(Path skillFile) {
		Path parent = skillFile.toAbsolutePath().getParent();
		Path given = skillFile.getParent();
		return (given != null) ? given : (parent != null) ? parent : Path.of(".");
	}

	private static String readString(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + file, ex);
		}
	}

}
