package dev.skills.core.folder;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Where one skill's files live, and the only way to read them: a folder on disk (which is
 * also what remote sources materialise into), or a folder inside a jar. Every read goes
 * through the same path checks and time bounds, so nothing outside the skill folder is
 * ever opened and no read blocks its caller.
 */
public interface SkillFolder {

	/**
	 * Where the {@code SKILL.md} is: a file path or a resource URL.
	 * @return the location
	 */
	String location();

	/**
	 * The skill folder: a file path or a resource URL; the key of the skill's entry.
	 * @return the folder
	 */
	String baseDirectory();

	/**
	 * The skill folder's own name.
	 * @return the name
	 */
	String directoryName();

	/**
	 * Whether the skill ships inside this library (its classpath root holds the marker
	 * {@code .builtin}).
	 * @return {@code true} for built-in skills
	 */
	boolean builtin();

	/**
	 * Open the {@code SKILL.md}, through the same guard as every bundled file, with the
	 * fingerprint of the file opened.
	 * @return the open file; the caller closes it
	 * @throws IOException when it cannot be opened in time (a {@code SKILL.md} linking
	 * outside its folder included)
	 */
	OpenSkillFile openSkill() throws IOException;

	/**
	 * The current modification time and size of the {@code SKILL.md}, to tell whether it
	 * changed.
	 * @return the fingerprint; {@link Fingerprint#MISSING} when the file is gone
	 */
	Fingerprint fingerprint();

	/**
	 * List the bundled files: regular files, not the skill file, no hidden names or tool
	 * caches, within the same bounds for folders and jars.
	 * @return the listing
	 */
	Listing listFiles();

	/**
	 * Read a bundled file or list a bundled folder.
	 * @param skill the skill's name, for messages
	 * @param path the path relative to the skill folder
	 * @param maxBytes the most bytes of the file to return
	 * @param listing the skill's files as last listed, for folder listings and messages
	 * @return the text the model sees
	 * @throws dev.skills.core.SkillResourceException when the path is not allowed or not
	 * found
	 */
	String read(String skill, String path, int maxBytes, Listing listing);

	/**
	 * The modification time and size of a file.
	 *
	 * @param modified the modification time in milliseconds
	 * @param size the size in bytes
	 */
	record Fingerprint(long modified, long size) {

		/** The fingerprint of a file that does not exist. */
		public static final Fingerprint MISSING = new Fingerprint(-1, -1);

		/**
		 * The fingerprint of a file's attributes.
		 * @param attributes the attributes
		 * @return the fingerprint
		 */
		public static Fingerprint of(BasicFileAttributes attributes) {
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

	/**
	 * The files a skill bundles.
	 *
	 * @param files relative paths with {@code /} separators, sorted
	 * @param cut whether more files or folders were there than are listed
	 */
	record Listing(List<String> files, boolean cut) {

		/** A skill that bundles nothing. */
		public static final Listing EMPTY = new Listing(List.of(), false);

		public Listing {
			files = List.copyOf(files);
		}

	}

}
