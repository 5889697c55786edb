package dev.skills.core.internal.resource;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

import dev.skills.core.internal.parse.SkillFileLookup;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Where one skill lives, a folder on disk or a folder inside a jar, and the only way to
 * read its files: every read goes through the same path checks, so nothing outside the
 * skill folder is ever opened.
 */
public sealed interface SkillSource permits FolderSkillSource, ClasspathSkillSource {

	/**
	 * A skill in a folder on disk.
	 * @param skillFile its {@code SKILL.md}
	 * @return the source
	 */
	static SkillSource folder(Path skillFile) {
		return new FolderSkillSource(skillFile, false);
	}

	/**
	 * A skill in a folder on disk, found by a walk that read its {@code SKILL.md}'s
	 * attributes: the first open checks against those instead of reading them again.
	 * @param found the skill file as the walk found it
	 * @return the source
	 */
	static SkillSource folder(SkillFileLookup.SkillFile found) {
		BasicFileAttributes listed = found.plainFile();
		return new FolderSkillSource(found.directory(), found.path(), false,
				(listed != null) ? listed.fileKey() : null);
	}

	/**
	 * A skill in a folder on disk.
	 * @param skillFile its {@code SKILL.md}
	 * @param builtin whether it ships inside this library
	 * @return the source
	 */
	static SkillSource folder(Path skillFile, boolean builtin) {
		return new FolderSkillSource(skillFile, builtin);
	}

	/**
	 * A skill on the classpath, usually inside a jar.
	 * @param skillFile its {@code SKILL.md} resource
	 * @param resolver the resolver that found it, used to list the skill's files
	 * @param builtin whether it ships inside this library
	 * @return the source
	 */
	static SkillSource classpath(Resource skillFile, ResourcePatternResolver resolver, boolean builtin) {
		return new ClasspathSkillSource(skillFile, resolver, builtin);
	}

	/**
	 * Where the {@code SKILL.md} is: a file path or a resource URL.
	 * @return the location
	 */
	String location();

	/**
	 * The skill folder: a file path or a resource URL.
	 * @return the folder
	 */
	String baseDirectory();

	/**
	 * The skill folder's own name.
	 * @return the name
	 */
	String directoryName();

	/**
	 * Where the skill came from: the folder location, or the jar that holds it.
	 * @return a folder path or a jar URL
	 */
	String origin();

	/**
	 * Whether the skill ships inside this library (its classpath root holds the marker
	 * {@code .builtin}).
	 * @return {@code true} for built-in skills
	 */
	boolean builtin();

	/**
	 * Whether the skill is a folder on disk (and so can change while running).
	 * @return {@code true} for folder skills
	 */
	boolean isFolder();

	/**
	 * Open the {@code SKILL.md} as bytes, through the same guard as every bundled file,
	 * with the fingerprint of the file opened.
	 * @return the open file; the caller closes it
	 * @throws IOException when it cannot be opened (a {@code SKILL.md} linking outside
	 * its folder included)
	 */
	OpenSkillFile openSkill() throws IOException;

	/**
	 * The current modification time and size of the {@code SKILL.md}, to tell whether it
	 * changed.
	 * @return the fingerprint; {@link Fingerprint#MISSING} when the file is gone
	 */
	Fingerprint fingerprint();

	/**
	 * The bundled files, as {@link SkillFiles#list(Path)} lists them.
	 * @return relative paths, sorted
	 */
	List<String> files();

	/**
	 * Read a bundled file or list a bundled folder.
	 * @param skill the skill's name, for messages
	 * @param path the path relative to the skill folder
	 * @param maxBytes the most bytes of the file to return
	 * @return the text the model sees
	 * @throws dev.skills.core.SkillResourceException when the path is not allowed or not
	 * found
	 */
	String read(String skill, String path, int maxBytes);

	/**
	 * The modification time and size of a file.
	 *
	 * @param modified the modification time in milliseconds
	 * @param size the size in bytes
	 */
	record Fingerprint(long modified, long size) {

		/** The fingerprint of a file that does not exist. */
		public static final Fingerprint MISSING = new Fingerprint(-1, -1);

		static Fingerprint of(BasicFileAttributes attributes) {
			return new Fingerprint(attributes.lastModifiedTime().toMillis(), attributes.size());
		}

	}

	/**
	 * An open {@code SKILL.md}.
	 *
	 * @param stream its bytes, from the start
	 * @param fingerprint the modification time and size of the file opened, taken before
	 * reading: a change while it is read shows as a new fingerprint later
	 */
	record OpenSkillFile(InputStream stream, Fingerprint fingerprint) implements Closeable {

		@Override
		public void close() throws IOException {
			this.stream.close();
		}

	}

}
