package dev.skills.core.internal.files;

import java.io.IOException;
import java.io.InputStream;
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

import dev.skills.core.folder.SkillFolder;
import org.jspecify.annotations.Nullable;

/**
 * A relative path inside a skill folder, judged by its real path (inside or not, through
 * a hidden name or not, what kind of file), and opened so that nothing outside is ever
 * opened, even while files are swapped: one folder at a time, never following a link
 * (where there is a {@link SecureDirectoryStream}), and the opened entry must still be
 * the file checked. Opens run as {@link FileReads} reads with a {@link #release()}, so a
 * FIFO swapped in after the check cannot hold the caller.
 *
 * @param baseKey the skill folder's file key, to recognise it when opened
 * @param inside the real path relative to the skill folder
 * @param attributes for {@link Kind#FILE}, {@link Kind#DIRECTORY} and {@link Kind#OTHER}
 */
record GuardedFile(Path realBase, @Nullable Object baseKey, Path inside, Kind kind,
		@Nullable BasicFileAttributes attributes) {

	private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

	// Opening a FIFO read-write never blocks and releases a reader waiting for a writer.
	private static final Set<OpenOption> RELEASE = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE,
			LinkOption.NOFOLLOW_LINKS);

	// Resolve a path checked by ResourcePaths.check (empty for the folder itself); a
	// dangling link throws NoSuchFileException.
	static GuardedFile resolve(Path base, String relative) throws IOException {
		Path realBase = base.toRealPath();
		Object baseKey = Files.readAttributes(realBase, BasicFileAttributes.class).fileKey();
		Path real = realPath(realBase, relative);
		if (!real.startsWith(realBase)) {
			return new GuardedFile(realBase, baseKey, Path.of(""), Kind.OUTSIDE, null);
		}
		Path inside = realBase.relativize(real);
		// A link inside the folder may name a hidden file: judge where it leads.
		if (SkillFiles.isSkippedPath(inside)) {
			return new GuardedFile(realBase, baseKey, inside, Kind.HIDDEN, null);
		}
		BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class,
				LinkOption.NOFOLLOW_LINKS);
		Kind kind = attributes.isDirectory() ? Kind.DIRECTORY : attributes.isRegularFile() ? Kind.FILE : Kind.OTHER;
		return new GuardedFile(realBase, baseKey, inside, kind, attributes);
	}

	// A name directly in the real skill folder that is no link is its own real path (one
	// lstat instead of one per folder of the path).
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

	long size() {
		return (this.attributes != null) ? this.attributes.size() : 0;
	}

	// A FILE, as a FileReads read with release().
	InputStream open() throws IOException {
		DirectoryStream<Path> root = Files.newDirectoryStream(this.realBase);
		if (root instanceof SecureDirectoryStream<Path> secure) {
			return Channels.newInputStream(seekable(openSecure(secure)));
		}
		root.close();
		// No secure directory stream: the real path, not following a last link.
		SkillFolder.OpenSkillFile opened = openChecked(this.realBase.resolve(this.inside), fileKey());
		if (opened == null) {
			throw changed();
		}
		return opened.stream();
	}

	FileReads.Action<SeekableByteChannel> release() {
		return release(this.realBase.resolve(this.inside));
	}

	// Releases an open that met a FIFO by opening its other end, which never blocks.
	static FileReads.Action<SeekableByteChannel> release(Path file) {
		return () -> Files.newByteChannel(file, RELEASE);
	}

	// A file directly in its skill folder (every SKILL.md discovery reads), opened
	// without resolving real paths nor following a link, checked against the key a walk
	// read or afresh; null for a link, which resolve() judges.
	static SkillFolder.@Nullable OpenSkillFile openPlain(Path file, @Nullable Object listedKey) throws IOException {
		if (listedKey != null) {
			try {
				SkillFolder.OpenSkillFile opened = openChecked(file, listedKey);
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
		SkillFolder.OpenSkillFile opened = openChecked(file, checked.fileKey());
		if (opened == null) {
			throw new FileSystemException(null, null, "it changed while being read");
		}
		return opened;
	}

	// Null when what was opened is not the regular file checked.
	private static SkillFolder.@Nullable OpenSkillFile openChecked(Path file, @Nullable Object key) throws IOException {
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
		return new SkillFolder.OpenSkillFile(Channels.newInputStream(channel), SkillFolder.Fingerprint.of(now));
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

	private SeekableByteChannel openSecure(SecureDirectoryStream<Path> root) throws IOException {
		List<DirectoryStream<Path>> folders = new ArrayList<>(List.of(root));
		try {
			checkSame(root.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey(), this.baseKey);
			SecureDirectoryStream<Path> folder = root;
			for (int i = 0; i < this.inside.getNameCount() - 1; i++) {
				folder = folder.newDirectoryStream(this.inside.getName(i), LinkOption.NOFOLLOW_LINKS);
				folders.add(folder);
			}
			Path name = this.inside.getFileName();
			checkSame(folder, name);
			SeekableByteChannel channel = folder.newByteChannel(name, READ);
			try {
				checkSame(folder, name);
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

	private void checkSame(SecureDirectoryStream<Path> folder, Path name) throws IOException {
		BasicFileAttributes now = folder
			.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
			.readAttributes();
		if (!now.isRegularFile()) {
			throw changed();
		}
		checkSame(now.fileKey(), fileKey());
	}

	private static void checkSame(@Nullable Object key, @Nullable Object expected) throws IOException {
		if (!Objects.equals(key, expected)) {
			throw new FileSystemException(null, null, "it changed while being read");
		}
	}

	private @Nullable Object fileKey() {
		return (this.attributes != null) ? this.attributes.fileKey() : null;
	}

	private FileSystemException changed() {
		return new FileSystemException(this.inside.toString(), null, "it changed while being read");
	}

	// OTHER: a FIFO, socket or device, never opened; OUTSIDE: the real path leaves the
	// skill folder; HIDDEN: it passes through a hidden name or tool cache.
	enum Kind {

		FILE, DIRECTORY, OTHER, OUTSIDE, HIDDEN

	}

}
