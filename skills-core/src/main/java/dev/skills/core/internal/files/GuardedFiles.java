package dev.skills.core.internal.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.skills.core.source.SkillSource;
import org.jspecify.annotations.Nullable;

/**
 * Opens files inside a skill folder so that nothing outside it is ever opened, even while
 * its files are being swapped. A path is first resolved to its real path, which must lie
 * inside the folder, hold no hidden segment and be a regular file. It is then opened one
 * folder at a time from the skill folder, never following a link (where the platform
 * offers a {@link SecureDirectoryStream}), and the opened entry must still be the file
 * that was checked. Opens run as {@link FileReads} reads, so that a FIFO swapped in after
 * the check cannot hold the caller.
 */
final class GuardedFiles {

	private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

	// Opening a FIFO for reading and writing never blocks, and releases a reader waiting
	// for a writer.
	private static final Set<OpenOption> RELEASE = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE,
			LinkOption.NOFOLLOW_LINKS);

	private GuardedFiles() {
	}

	/**
	 * Resolve a checked relative path (see {@link ResourcePaths#check}) inside a skill
	 * folder.
	 * @param base the skill folder (it may itself be reached through a link)
	 * @param relative the relative path; empty for the folder itself
	 * @return where it leads
	 * @throws java.nio.file.NoSuchFileException when it leads nowhere (a dangling link
	 * included)
	 * @throws IOException when it cannot be resolved
	 */
	static Target resolve(Path base, String relative) throws IOException {
		Path realBase = base.toRealPath();
		Object baseKey = Files.readAttributes(realBase, BasicFileAttributes.class).fileKey();
		Path real = realPath(realBase, relative);
		if (!real.startsWith(realBase)) {
			return new Target(realBase, baseKey, Path.of(""), Kind.OUTSIDE, null);
		}
		Path inside = realBase.relativize(real);
		for (Path segment : inside) {
			// A link inside the folder may name a hidden file: judge where it leads, not
			// its name.
			if (SkillFiles.isSkipped(segment.toString())) {
				return new Target(realBase, baseKey, inside, Kind.HIDDEN, null);
			}
		}
		BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class,
				LinkOption.NOFOLLOW_LINKS);
		Kind kind = attributes.isDirectory() ? Kind.DIRECTORY : attributes.isRegularFile() ? Kind.FILE : Kind.OTHER;
		return new Target(realBase, baseKey, inside, kind, attributes);
	}

	// A name directly in the real skill folder that is no link is its own real path (one
	// lstat instead of one per folder of the path, as for every SKILL.md); anything else
	// is resolved.
	private static Path realPath(Path realBase, String relative) throws IOException {
		if (relative.isEmpty()) {
			return realBase;
		}
		Path candidate = realBase.resolve(relative);
		if (relative.indexOf('/') < 0 && !Files.isSymbolicLink(candidate)) {
			return candidate;
		}
		return candidate.toRealPath();
	}

	/**
	 * Read the first bytes of a {@link Kind#FILE} target. Run it as a {@link FileReads}
	 * read, with {@link #release(Target)}: the open may meet a FIFO swapped in.
	 * @param target the file
	 * @param limit the most bytes to read
	 * @return the bytes read
	 * @throws IOException when it cannot be opened or read, or changed since it was
	 * checked
	 */
	static byte[] readHead(Target target, int limit) throws IOException {
		try (SeekableByteChannel channel = open(target)) {
			// The size was checked: no buffer larger than the file plus one byte (to see
			// it grew).
			ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(limit, target.size() + 1));
			while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
				// read until full or at the end
			}
			byte[] head = new byte[buffer.position()];
			buffer.flip().get(head);
			return head;
		}
	}

	/**
	 * Open a {@link Kind#FILE} target as a stream, as a {@link FileReads} read.
	 * @param target the file
	 * @return the stream; the caller closes it
	 * @throws IOException when it cannot be opened or changed since it was checked
	 */
	static InputStream openStream(Target target) throws IOException {
		return Channels.newInputStream(open(target));
	}

	/**
	 * What releases an open of a target that met a FIFO: opening its other end.
	 * @param target the file
	 * @return the release, for {@link FileReads.Read}
	 */
	static FileReads.Action<SeekableByteChannel> release(Target target) {
		return release(target.realBase().resolve(target.inside()));
	}

	/**
	 * What releases an open of a file that met a FIFO: opening its other end, which never
	 * blocks.
	 * @param file the file
	 * @return the release, for {@link FileReads.Read}
	 */
	static FileReads.Action<SeekableByteChannel> release(Path file) {
		return () -> Files.newByteChannel(file, RELEASE);
	}

	/**
	 * Open a file that lies directly in its skill folder, when it is a plain regular
	 * file: the path discovery takes for every {@code SKILL.md}, without resolving real
	 * paths. The file is opened without following a link and must still be the file
	 * checked. Run it as a {@link FileReads} read, with {@link #release(Path)}.
	 * @param file the file
	 * @param listedKey the file's key as a folder walk read it, to check against instead
	 * of reading the file's attributes again; when the file changed since, or is
	 * {@code null}, the file is checked afresh
	 * @return the open file with the fingerprint of what was opened, or {@code null} when
	 * the file is a link (then {@link #resolve} decides)
	 * @throws IOException when it is missing, not a regular file, or changed while being
	 * opened
	 */
	static SkillSource.@Nullable OpenSkillFile openPlain(Path file, @Nullable Object listedKey) throws IOException {
		if (listedKey != null) {
			try {
				SkillSource.OpenSkillFile opened = openChecked(file, listedKey);
				if (opened != null) {
					return opened;
				}
			}
			catch (IOException ex) {
				// Replaced by a link, or gone: the fresh check below says which.
			}
		}
		BasicFileAttributes checked = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		if (checked.isSymbolicLink()) {
			return null;
		}
		if (!checked.isRegularFile()) {
			throw new FileSystemException(null, null, "it is not a regular file");
		}
		SkillSource.OpenSkillFile opened = openChecked(file, checked.fileKey());
		if (opened == null) {
			throw new FileSystemException(null, null, "it changed while being read");
		}
		return opened;
	}

	// Open without following a link; null when what was opened is not the regular file
	// checked.
	private static SkillSource.@Nullable OpenSkillFile openChecked(Path file, @Nullable Object key) throws IOException {
		SeekableByteChannel channel = seekable(Files.newByteChannel(file, READ));
		BasicFileAttributes now;
		try {
			now = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		}
		catch (IOException ex) {
			channel.close();
			throw ex;
		}
		if (!now.isRegularFile() || !Objects.equals(now.fileKey(), key)) {
			channel.close();
			return null;
		}
		return new SkillSource.OpenSkillFile(Channels.newInputStream(channel), SkillSource.Fingerprint.of(now));
	}

	// A FIFO opened while a writer was there, and swapped back before the check by name,
	// would pass that check; a pipe cannot seek, so its reads never reach the caller.
	private static SeekableByteChannel seekable(SeekableByteChannel channel) throws IOException {
		try {
			channel.position();
			return channel;
		}
		catch (IOException ex) {
			channel.close();
			throw new FileSystemException(null, null, "it is not a regular file");
		}
	}

	private static SeekableByteChannel open(Target target) throws IOException {
		if (target.kind() != Kind.FILE) {
			throw new FileSystemException(target.inside().toString(), null, "not a regular file");
		}
		return seekable(openChecked(target));
	}

	private static SeekableByteChannel openChecked(Target target) throws IOException {
		List<DirectoryStream<Path>> folders = new ArrayList<>();
		try {
			DirectoryStream<Path> root = Files.newDirectoryStream(target.realBase());
			folders.add(root);
			if (!(root instanceof SecureDirectoryStream<Path> folder)) {
				return openByPath(target);
			}
			checkSame(folder.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey(),
					target.baseKey());
			Path inside = target.inside();
			for (int i = 0; i < inside.getNameCount() - 1; i++) {
				folder = folder.newDirectoryStream(inside.getName(i), LinkOption.NOFOLLOW_LINKS);
				folders.add(folder);
			}
			Path name = inside.getFileName();
			checkSame(folder, name, target);
			SeekableByteChannel channel = folder.newByteChannel(name, READ);
			try {
				checkSame(folder, name, target);
			}
			catch (IOException ex) {
				channel.close();
				throw ex;
			}
			return channel;
		}
		finally {
			for (DirectoryStream<Path> folder : folders) {
				folder.close();
			}
		}
	}

	// Where no secure directory stream exists: open the real path without following a
	// last link.
	private static SeekableByteChannel openByPath(Target target) throws IOException {
		Path real = target.realBase().resolve(target.inside());
		SeekableByteChannel channel = Files.newByteChannel(real, READ);
		BasicFileAttributes now = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		if (!now.isRegularFile() || !Objects.equals(now.fileKey(), target.attributes().fileKey())) {
			channel.close();
			throw changed(target);
		}
		return channel;
	}

	private static void checkSame(SecureDirectoryStream<Path> folder, Path name, Target target) throws IOException {
		BasicFileAttributes now = folder
			.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
			.readAttributes();
		if (!now.isRegularFile()) {
			throw changed(target);
		}
		checkSame(now.fileKey(), target.attributes().fileKey());
	}

	private static void checkSame(@Nullable Object key, @Nullable Object expected) throws IOException {
		if (!Objects.equals(key, expected)) {
			throw new FileSystemException(null, null, "it changed while being read");
		}
	}

	private static FileSystemException changed(Target target) {
		return new FileSystemException(target.inside().toString(), null, "it changed while being read");
	}

	/**
	 * What a relative path leads to.
	 */
	enum Kind {

		/** A regular file inside the skill folder. */
		FILE,

		/** A folder inside the skill folder. */
		DIRECTORY,

		/** Something else: a FIFO, a socket, a device. Never opened. */
		OTHER,

		/** Its real path leaves the skill folder. */
		OUTSIDE,

		/** Its real path passes through a hidden name or tool cache. */
		HIDDEN

	}

	/**
	 * A resolved path.
	 *
	 * @param realBase the real path of the skill folder
	 * @param baseKey the skill folder's file key, to recognise it when opened
	 * @param inside the real path relative to the skill folder
	 * @param kind what it leads to
	 * @param attributes its attributes, for {@link Kind#FILE}, {@link Kind#DIRECTORY} and
	 * {@link Kind#OTHER}
	 */
	record Target(Path realBase, @Nullable Object baseKey, Path inside, Kind kind,
			@Nullable BasicFileAttributes attributes) {

		long size() {
			return (this.attributes != null) ? this.attributes.size() : 0;
		}

	}

}
